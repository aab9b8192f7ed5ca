import { afterAll, describe, expect, it } from 'vitest';
import { createTestImportJob } from '../../testing/batch-review';
import { createTestCompany } from '../../testing/factories';
import { waitFor } from '../../testing/poll';
import { disconnectPrisma, prisma } from '../db/client';
import { writeAudit } from '../domain/audit';
import { systemActor } from '../domain/context';
import { cancelImport } from './cancel-import';

afterAll(() => disconnectPrisma());

/** Whether another backend waits on a lock that `pid` holds (the cancel, behind the row's transaction). */
async function someoneWaitsOn(pid: number): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`;
  return row.n > 0n;
}

describe('cancelling an import while a row is written', () => {
  it('waits for the row’s transaction instead of deadlocking with it: both commit', async () => {
    const company = await createTestCompany(prisma);
    const job = await prisma.importJob.update({
      where: { id: (await createTestImportJob(company.id)).id },
      data: { status: 'RUNNING', finishedAt: null },
    });
    const ctx = { companyId: company.id, actor: systemActor('test') };
    let cancel: Promise<unknown> | undefined;
    // A row's transaction as the import writes it: its audit row (the company's chain head, held to the commit),
    // then the import's counters. The cancel starts in between and must queue behind it, not take the import's
    // row first.
    await prisma.$transaction(
      async (tx) => {
        const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await writeAudit(tx, { companyId: company.id, eventType: 'Create', actor: ctx.actor });
        cancel = cancelImport({ ctx, input: { importId: job.id } });
        await waitFor(() => someoneWaitsOn(pid), 30_000, 'the cancel waiting behind the row');
        await tx.importJob.update({ where: { id: job.id }, data: { processed: { increment: 1 } } });
      },
      { timeout: 60_000 },
    );
    await expect(cancel).resolves.toMatchObject({ id: job.id });
    const after = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(after.processed).toBe(1);
    expect(after.cancelRequestedAt).not.toBeNull();
  });
});
