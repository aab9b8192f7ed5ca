import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { disconnectPrisma, prisma } from '../lib/db/client';
import { type CliRun, runAdmin } from '../testing/admin-cli';
import { createSubmittedBatch, createTestImportJob } from '../testing/batch-review';
import { createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const KEY = randomBytes(32).toString('hex');

afterAll(() => disconnectPrisma());

type Run = CliRun;

/** The CLI as an operator runs it, with this file's key. */
const admin = (args: string[]): Promise<Run> => runAdmin(databaseUrl, args, { APP_ENCRYPTION_KEY: KEY });

function parsed<T>(run: Run): T {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

interface Status {
  import: { id: string; status: string; processed: number };
  batchRun: { kind: string; status: string; total: number; processed: number; failed: number } | null;
}

describe('admin CLI: imports', { timeout: 120_000 }, () => {
  it('import status prints the import view and its latest batch run; import approve publishes the batch inline', async () => {
    const company = await createTestCompany(prisma);
    const job = await createTestImportJob(company.id);
    const products = await createSubmittedBatch(job, 3);

    const before = parsed<Status>(await admin(['import', 'status', '--id', job.id, '--json']));
    expect(before).toMatchObject({ import: { id: job.id, status: 'completed' }, batchRun: null });

    const approved = await admin(['import', 'approve', '--id', job.id, '--json']);
    expect(parsed(approved)).toMatchObject({
      kind: 'PUBLISH_IMPORT',
      status: 'COMPLETED',
      importId: job.id,
      total: 3,
      processed: 3,
      failed: 0,
    });
    expect(approved.stderr).toContain('published 3 of 3');
    for (const p of products) {
      const row = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
      expect(row).toMatchObject({ state: 'APPROVED', version: 1, reviewImportId: null });
    }
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { companyId: company.id, eventType: 'BatchApprove' },
    });
    expect(audit).toMatchObject({ actorRole: 'System', actorId: 'cli', eventChannel: 'System' });

    const after = parsed<Status>(await admin(['import', 'status', '--id', job.id, '--json']));
    expect(after.batchRun).toMatchObject({ kind: 'PUBLISH_IMPORT', status: 'COMPLETED', processed: 3, total: 3 });
  });

  it('refuses an unknown import and a batch with nothing to approve, printing nothing on stdout', async () => {
    const company = await createTestCompany(prisma);
    const job = await createTestImportJob(company.id);
    const [unknown, empty] = await Promise.all([
      admin(['import', 'status', '--id', '00000000-0000-4000-8000-000000000000', '--json']),
      admin(['import', 'approve', '--id', job.id, '--json']),
    ]);
    for (const run of [unknown, empty]) {
      expect(run.stdout).toBe('');
      expect(run.code).toBe(1);
    }
    expect(unknown.stderr).toMatch(/No import with id/);
    expect(empty.stderr).toMatch(/Nothing of this import awaits review/);
  });
});
