import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createDatabaseIfMissing, dropDatabase, startEmbeddedPostgres, withDatabase } from '../lib/db/embedded';
import { migrate } from '../lib/db/migrate';
import { installReferenceData } from '../lib/schema/reference-data';

export interface TestDatabase {
  url: string;
  /** Stops the embedded cluster, or drops the database created on an external server. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database with the reference data installed: on the server `DATABASE_URL` names when set
 * (a new database beside it, so the run shares nothing with earlier runs), else on an embedded PostgreSQL.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `bps_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const external = process.env.DATABASE_URL;
  let url: string;
  let dispose: () => Promise<void>;
  if (external) {
    await createDatabaseIfMissing(external, name);
    url = withDatabase(external, name);
    dispose = () => dropDatabase(external, name);
  } else {
    const dir = path.resolve('.data', 'test', name);
    const db = await startEmbeddedPostgres({ dir, database: name, persistent: false });
    url = db.url;
    dispose = () => db.stop();
  }
  await migrate(url);
  await installReferenceData(url);
  return { url, dispose };
}
