import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:resilience`: suites that start the production build as a real process and attack it (faults,
// fuzzing, abuse, concurrency, load). One file at a time: each starts its own service and database.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['resilience/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // Vitest sets BASE_URL to '/' for its own use; the service's configuration reads it as its public address.
    env: {
      BASE_URL: 'http://localhost:3000',
      APP_ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
      NEXTAUTH_SECRET: 'resilience-suite-secret-0123456789abcdef',
    },
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
