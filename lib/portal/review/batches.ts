import { type Db, prisma, type Tx } from '../../db/client';
import type { BatchRunKind, BatchRunStatus, Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { readinessOfProduct } from '../../passport/drafts/readiness';
import { requireRole } from '../../passport/transitions/result';

/** Every operator sees what awaits review; only reviewers decide. */
const READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];
/** Batches shown at once: a tenant rarely has more submissions waiting; the oldest come first. */
export const BATCH_LIMIT = 20;
/** Passports whose readiness is checked per batch: the failures are counted on this many at most. */
export const READINESS_SAMPLE = 200;
const SAMPLE_SIZE = 5;
/** How long a finished decision stays on the queue, so its reviewer sees it end. */
const RECENT_MS = 60 * 60 * 1000;

export interface BatchRunProgress {
  id: string;
  kind: BatchRunKind;
  status: BatchRunStatus;
  total: number;
  processed: number;
  failed: number;
  finishedAt: Date | null;
}

export interface FieldFailure {
  fieldId: string;
  label: string;
  /** Passports of the checked ones missing this mandated field. */
  missing: number;
  /** Passports of the checked ones whose value for this field is invalid. */
  invalid: number;
}

export interface ReviewBatch {
  importId: string;
  fileName: string | null;
  mode: Mode;
  importedAt: Date;
  /** The import is still submitting its drafts into the batch: it is decided once that is done. */
  submitting: boolean;
  /** Passports of the import still submitted for review. */
  submitted: number;
  /** How many of them the readiness failures were counted on (all, up to READINESS_SAMPLE; none while decided). */
  checked: number;
  failures: FieldFailure[];
  sample: { id: string; name: string }[];
  /** The latest decision on the batch, while it runs or for an hour after it ended. */
  run: BatchRunProgress | null;
}

/**
 * An import's submissions as one batch each: imports with passports in review under them, and imports whose batch
 * decision is running or just ended. Oldest import first.
 */
export async function listReviewBatches({
  ctx,
  db = prisma,
  now = new Date(),
}: {
  ctx: DomainContext;
  db?: Db | Tx;
  now?: Date;
}): Promise<ReviewBatch[]> {
  requireRole(ctx, READ_ROLES, 'read the review queue');
  const tenant = { companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) };
  const [waiting, runs] = await Promise.all([
    db.product.groupBy({
      by: ['reviewImportId'],
      where: { ...tenant, state: 'SUBMITTED', reviewImportId: { not: null } },
      _count: true,
    }),
    db.batchRun.findMany({
      where: {
        ...tenant,
        kind: { in: ['PUBLISH_IMPORT', 'REJECT_IMPORT'] },
        OR: [{ status: { in: ['QUEUED', 'RUNNING'] } }, { finishedAt: { gte: new Date(now.getTime() - RECENT_MS) } }],
      },
      orderBy: { createdAt: 'desc' },
    }),
  ]);
  const submitted = new Map(waiting.map((w) => [w.reviewImportId as string, w._count]));
  const latestRun = new Map<string, BatchRunProgress>();
  for (const r of runs) if (!latestRun.has(r.subjectId)) latestRun.set(r.subjectId, progressOf(r));
  const ids = [...new Set([...submitted.keys(), ...latestRun.keys()])];
  if (ids.length === 0) return [];
  const imports = await db.importJob.findMany({
    where: { ...tenant, id: { in: ids } },
    select: { id: true, fileName: true, mode: true, createdAt: true, submittedAt: true, submitFinishedAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: BATCH_LIMIT,
  });
  return Promise.all(
    imports.map(async (job) => {
      const count = submitted.get(job.id) ?? 0;
      const run = latestRun.get(job.id) ?? null;
      // Once decided, the batch needs no inspection: the page refreshes every 2 s while the run goes.
      const deciding = run !== null && (run.status === 'QUEUED' || run.status === 'RUNNING');
      const { checked, failures, sample } = count > 0 && !deciding ? await inspect(db, ctx, job.id) : EMPTY;
      return {
        importId: job.id,
        fileName: job.fileName,
        mode: job.mode,
        importedAt: job.createdAt,
        submitting: job.submittedAt !== null && job.submitFinishedAt === null,
        submitted: count,
        checked,
        failures,
        sample,
        run,
      };
    }),
  );
}

const EMPTY = { checked: 0, failures: [], sample: [] };

const progressOf = (r: BatchRunProgress): BatchRunProgress => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  total: r.total,
  processed: r.processed,
  failed: r.failed,
  finishedAt: r.finishedAt,
});

/**
 * The batch's readiness failures grouped by field, counted with submission's own field checks on up to
 * READINESS_SAMPLE of its passports (all of a batch that size or smaller), and the first few to open.
 */
async function inspect(db: Db | Tx, ctx: DomainContext, importId: string) {
  const products = await db.product.findMany({
    where: { companyId: ctx.companyId, state: 'SUBMITTED', reviewImportId: importId },
    select: { id: true, name: true, categoryId: true, schemaVersion: true, formData: true },
    orderBy: { id: 'asc' },
    take: READINESS_SAMPLE,
  });
  const byField = new Map<string, FieldFailure>();
  const note = (fieldId: string, label: string, kind: 'missing' | 'invalid') => {
    const entry = byField.get(fieldId) ?? { fieldId, label, missing: 0, invalid: 0 };
    entry[kind] += 1;
    byField.set(fieldId, entry);
  };
  for (const product of products) {
    const report = await readinessOfProduct(db, product);
    for (const f of report.missing) note(f.field_id, f.label, 'missing');
    for (const f of new Map(report.invalid.map((e) => [e.field_id, e])).values()) note(f.field_id, f.label, 'invalid');
  }
  const failures = [...byField.values()].sort(
    (a, b) => b.missing + b.invalid - (a.missing + a.invalid) || a.fieldId.localeCompare(b.fieldId),
  );
  return {
    checked: products.length,
    failures,
    sample: products.slice(0, SAMPLE_SIZE).map((p) => ({ id: p.id, name: p.name })),
  };
}
