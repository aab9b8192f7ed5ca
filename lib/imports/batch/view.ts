import type { Db, Tx } from '../../db/client';
import type { BatchRun } from '../../db/generated/client';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A batch run as the CLI prints it: what it decides, on which import, and how far it got. */
export const batchRunView = (run: BatchRun) => ({
  id: run.id,
  kind: run.kind,
  status: run.status,
  importId: run.subjectId,
  total: run.total,
  processed: run.processed,
  failed: run.failed,
  reason: run.reason,
  createdAt: run.createdAt.toISOString(),
  startedAt: iso(run.startedAt),
  finishedAt: iso(run.finishedAt),
});

/** The latest batch decision on an import (any kind), or null before the first. */
export const latestBatchRun = (db: Db | Tx, companyId: string, importId: string) =>
  db.batchRun.findFirst({
    where: { companyId, subjectId: importId, kind: { in: ['PUBLISH_IMPORT', 'REJECT_IMPORT'] } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
