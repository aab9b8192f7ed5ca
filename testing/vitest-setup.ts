import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './database';

// One fresh database per run; every test file gets its URL through DATABASE_URL and keeps to its own rows
// (tests create their own companies), so no test depends on another's state or order.
export default async function setup(project: TestProject) {
  const db = await createTestDatabase('vitest');
  process.env.TEST_EXTERNAL_DATABASE_URL = process.env.DATABASE_URL ?? '';
  process.env.DATABASE_URL = db.url;
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.dispose();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
