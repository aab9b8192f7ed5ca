import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: [
      'lib/**/*.test.ts',
      'testing/**/*.test.ts',
      'scripts/**/*.test.ts',
      'prisma/**/*.test.ts',
      'app/**/*.test.ts',
      'middleware.test.ts',
    ],
    exclude: ['node_modules/**', '.next/**', '.data/**', 'e2e/**'],
    environment: 'node',
    globalSetup: ['testing/vitest-setup.ts'],
    // Vitest sets BASE_URL to '/' for its own use; the service reads BASE_URL as its public address.
    // A fixed test-only encryption key: tests that need another set their own.
    env: { BASE_URL: 'http://localhost:3000', APP_ENCRYPTION_KEY: `${'0'.repeat(63)}1` },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
