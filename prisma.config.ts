import { defineConfig } from 'prisma/config';

// Runtime queries go through @prisma/adapter-pg (lib/db/client.ts); migrations are applied by lib/db/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
