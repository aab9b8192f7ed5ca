// The server killed (SIGKILL of its group) while its job runner works an import, then started again on the same
// database: the imports job's launch sweep takes the import up where the dead worker stopped (rows that have an
// ImportRow are skipped), and it completes with every row applied exactly once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrismaClient, type Db } from '../lib/db/client';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { csvFile, GERMAN_HEADER, GERMAN_MAPPING, germanCells, germanRows, testGtin } from '../testing/imports';
import { apiTenant } from '../testing/integration-client';
import { eventually } from '../testing/poll';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';

const SUITE = 'faults';
const ROWS = longMode() ? 3000 : 800;

let database: TestDatabase;
let service: RunningService;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase('faults_import_crash');
  service = await startService({ databaseUrl: database.url });
  db = createPrismaClient(database.url);
});

afterAll(async () => {
  await service?.stop();
  await db?.$disconnect();
  await database?.dispose();
});

describe('the worker killed in the middle of an import', () => {
  test('resumes after a restart and applies every row exactly once', async () => {
    const tenant = await apiTenant(db, service.baseUrl);
    const mapping = await tenant.client.createErpMapping({
      name: 'SAP export',
      categoryCode: 'EV_BATTERY',
      columns: GERMAN_MAPPING as Parameters<typeof tenant.client.createErpMapping>[0]['columns'],
    });
    const rows = germanRows(ROWS, testGtin());
    const file = csvFile([...GERMAN_HEADER], rows.map(germanCells));
    const job = await tenant.client.createImport({ file, fileName: 'big.csv', mappingId: mapping.id });
    const before = await eventually(
      async () => {
        const row = await db.importJob.findUniqueOrThrow({ where: { id: job.id } });
        return row.processed > 0 ? row : undefined;
      },
      { timeoutMs: 60_000, what: 'the first rows of the import' },
    );
    await service.kill();
    const atKill = await db.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(atKill.status).toBe('RUNNING');
    expect(atKill.processed).toBeLessThan(ROWS);
    service = await startService({ databaseUrl: database.url, port: service.port });
    const done = await eventually(
      async () => {
        const row = await db.importJob.findUniqueOrThrow({ where: { id: job.id } });
        return row.status === 'COMPLETED' ? row : undefined;
      },
      { timeoutMs: 180_000, everyMs: 500, what: 'the import to complete after the restart' },
    );
    expect(done).toMatchObject({ total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    expect(await db.importRow.count({ where: { importId: job.id } })).toBe(ROWS);
    const products = await db.product.groupBy({
      by: ['serialNumber'],
      where: { companyId: tenant.company.id },
      _count: true,
    });
    expect(products).toHaveLength(ROWS);
    expect(products.every((p) => p._count === 1)).toBe(true);
    expect(await db.auditLog.count({ where: { companyId: tenant.company.id, eventType: 'Create' } })).toBe(ROWS);
    figure(
      SUITE,
      'import rows done when the worker was killed',
      atKill.processed,
      `of ${ROWS}; first seen ${before.processed}`,
    );
  });
});
