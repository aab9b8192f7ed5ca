import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { getPool, prisma } from '../db/client';
import type { ImportStatus } from '../db/generated/enums';
import { inTransaction } from '../db/transaction';
import { type DocumentStorage, documentStorage, StorageUnavailable } from '../documents/storage';
import { lockAuditChain, writeAudit } from '../domain/audit';
import type { Channel, DomainContext } from '../domain/context';
import type { MappingColumn } from '../erp/types';
import { loadCategorySchema } from '../passport/schema-version';
import { emitEvent } from '../webhooks/events';
import { type ColumnPlan, planColumns, rowFromCells, rowFromObject } from './apply';
import { headerText, type OpenFile, readRows } from './read';
import { type ImportRun, matchKey, writeRow } from './row';
import type { ImportFormat, RowInput, SourceRow } from './types';
import type { ImportRecord } from './view';

export interface ProcessOptions {
  /** Asked between rows: true ends this run early, the import left running for the next worker (shutdown). */
  shouldStop?: () => boolean;
  /** Ends this run after so many rows written, as a worker killed there would (resumption tests). */
  stopAfterRows?: number;
  storage?: DocumentStorage;
}

export type ProcessResult =
  | { outcome: 'missing' | 'locked' | 'settled' | 'stopped' }
  | { outcome: 'finished'; status: ImportStatus };

const SETTLED: ImportStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/**
 * `fn` while this process holds the import's session advisory lock, on a connection of its own: a second worker
 * skips the import, and a worker that dies releases the lock with its connection. Null when another holds it.
 */
export async function withImportLock<T>(importId: string, fn: () => Promise<T>): Promise<T | null> {
  const client = await getPool().connect();
  const key = `import:${importId}`;
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [
      key,
    ]);
    if (!rows[0]?.ok) return null;
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((e: Error) => {
        broken = e;
      });
    }
  } finally {
    client.release(broken);
  }
}

/** The stored file, streamed from the document storage each time it is opened. */
function openStored(storage: DocumentStorage, key: string): OpenFile {
  return async () => {
    const stored = await storage.get(key);
    if (!stored) throw new ImportFileMissing();
    return stored instanceof Uint8Array
      ? Readable.from([Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)])
      : Readable.fromWeb(stored as WebReadableStream<Uint8Array>);
  };
}

class ImportFileMissing extends Error {
  constructor() {
    super('The stored file of the import is gone.');
  }
}

/** An error of reading the file (not of the database): the import cannot go on and fails with its reason. */
class Unreadable extends Error {}

const contextOf = (job: ImportRecord): DomainContext => ({
  companyId: job.companyId,
  mode: job.mode,
  actor: { role: job.actorRole, id: job.actorId, channel: job.actorChannel as Channel },
});

/** The rows of the file, a reading failure (other than storage being away) turned into Unreadable. */
async function* rowsOf(format: ImportFormat, open: OpenFile): AsyncGenerator<SourceRow> {
  const rows = readRows(format, open);
  for (;;) {
    let next: IteratorResult<SourceRow>;
    try {
      next = await rows.next();
    } catch (error) {
      if (error instanceof StorageUnavailable) throw error;
      throw new Unreadable(error instanceof Error ? error.message : String(error));
    }
    if (next.done) return;
    yield next.value;
  }
}

async function countRows(format: ImportFormat, open: OpenFile): Promise<number> {
  let count = 0;
  for await (const _ of rowsOf(format, open)) count++;
  return format === 'jsonl' ? count : Math.max(0, count - 1);
}

async function finish(job: ImportRecord, status: ImportStatus, failureReason: string | null = null): Promise<void> {
  await inTransaction(prisma, async (tx) => {
    // The audit chain before the import's row, as a cancel's transaction takes them (lib/domain/audit.ts).
    await lockAuditChain(tx, job.companyId);
    const done = await tx.importJob.updateMany({
      where: { id: job.id, status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status, failureReason, finishedAt: new Date() },
    });
    if (done.count === 0) return;
    const row = await tx.importJob.findUniqueOrThrow({ where: { id: job.id } });
    const counts = {
      importId: row.id,
      status: status.toLowerCase(),
      total: row.total,
      processed: row.processed,
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      failed: row.failed,
    };
    const eventType = { COMPLETED: 'ImportCompleted', FAILED: 'ImportFailed', CANCELLED: 'ImportCancelled' }[
      status as 'COMPLETED' | 'FAILED' | 'CANCELLED'
    ];
    await writeAudit(tx, { companyId: row.companyId, eventType, actor: contextOf(row).actor, context: counts });
    if (status === 'COMPLETED')
      await emitEvent(tx, { companyId: row.companyId, mode: row.mode, type: 'import.completed', data: counts });
  });
}

/** The run's shared state: the job's actor and schema, the mapping's columns and the column of each target. */
async function prepare(job: ImportRecord) {
  const category = await prisma.category.findUniqueOrThrow({ where: { id: job.categoryId } });
  const schema = await loadCategorySchema(prisma, category.id, category.currentSchemaVersion);
  const mapping = job.mappingId
    ? await prisma.erpMapping.findFirst({ where: { id: job.mappingId, companyId: job.companyId } })
    : null;
  if (job.mappingId && !mapping) throw new Unreadable('The ERP mapping of the import was deleted.');
  const columns = (mapping?.columns ?? null) as MappingColumn[] | null;
  const byTarget = new Map((columns ?? []).map((c) => [c.fieldId, c.column]));
  const run: ImportRun = {
    importId: job.id,
    ctx: contextOf(job),
    categoryCode: category.code,
    schema,
    modelId: job.modelId,
    columnOf: (target) => (columns ? (byTarget.get(target) ?? null) : target),
    models: new Map(),
  };
  return { run, columns };
}

/**
 * Works one import through: the file streamed from storage, each data row through the mapping and into its own
 * transaction (rows that already have an ImportRow are skipped: a restarted worker resumes where the last one
 * stopped), a cancel honoured between rows, then COMPLETED with the `import.completed` event. The first run reads
 * the file once to count its rows (`total`). A file that cannot be read on fails the import; a database or storage
 * outage throws, so the job is retried and resumes.
 */
export async function processImport(importId: string, options: ProcessOptions = {}): Promise<ProcessResult> {
  const result = await withImportLock(importId, () => run(importId, options));
  return result ?? { outcome: 'locked' };
}

async function run(importId: string, options: ProcessOptions): Promise<ProcessResult> {
  const job = await prisma.importJob.findUnique({ where: { id: importId } });
  if (!job) return { outcome: 'missing' };
  if (SETTLED.includes(job.status)) return { outcome: 'settled' };
  if (job.cancelRequestedAt) {
    await finish(job, 'CANCELLED');
    return { outcome: 'finished', status: 'CANCELLED' };
  }
  const started = await prisma.importJob.updateMany({
    where: { id: job.id, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'RUNNING', startedAt: job.startedAt ?? new Date() },
  });
  if (started.count === 0) return { outcome: 'settled' };
  const open = openStored(options.storage ?? documentStorage(), job.storageKey);
  try {
    const { run: shared, columns } = await prepare(job);
    if (job.total === null)
      await prisma.importJob.update({
        where: { id: job.id },
        data: { total: await countRows(job.format as ImportFormat, open) },
      });
    const stopped = await workRows(job, shared, columns, open, options);
    if (stopped === 'stopped') return { outcome: 'stopped' };
    const status = stopped === 'cancelled' ? 'CANCELLED' : 'COMPLETED';
    await finish(job, status);
    return { outcome: 'finished', status };
  } catch (error) {
    if (!(error instanceof Unreadable) && !(error instanceof ImportFileMissing)) throw error;
    await finish(job, 'FAILED', error.message.slice(0, 1000));
    return { outcome: 'finished', status: 'FAILED' };
  }
}

async function workRows(
  job: ImportRecord,
  run: ImportRun,
  columns: MappingColumn[] | null,
  open: OpenFile,
  options: ProcessOptions,
): Promise<'done' | 'cancelled' | 'stopped'> {
  const done = new Set(
    (await prisma.importRow.findMany({ where: { importId: job.id }, select: { rowNumber: true } })).map(
      (r) => r.rowNumber,
    ),
  );
  const seen = new Map<string, number>();
  const window = new RowWindow(ROWS_IN_FLIGHT);
  let plan: ColumnPlan | null = null;
  let written = 0;
  try {
    for await (const source of rowsOf(job.format as ImportFormat, open)) {
      let input: RowInput;
      if (source.kind === 'cells') {
        if (!plan) {
          plan = planColumns(source.cells.map(headerText), columns ?? [], run.schema);
          if (plan.missing.length > 0)
            throw new Unreadable(
              `The header row lacks the mapped column(s) ${plan.missing.map((c) => `"${c}"`).join(', ')}.`,
            );
          continue;
        }
        input = rowFromCells(plan, source.rowNumber, source.cells, run.schema);
      } else {
        input = rowFromObject(source, columns, run.schema);
      }
      const key = matchKey(input, job.modelId);
      const first = key === null ? undefined : seen.get(key);
      if (key !== null && first === undefined) seen.set(key, input.rowNumber);
      if (done.has(input.rowNumber)) continue;
      await window.add(writeRow(run, input, first ?? null));
      written++;
      if (window.cancelled) return 'cancelled';
      if (options.shouldStop?.() || written === options.stopAfterRows) return 'stopped';
    }
  } finally {
    await window.drain();
  }
  return window.cancelled ? 'cancelled' : 'done';
}

/** Rows of different products are written a few at a time (each its own transaction), so the database's waits overlap. */
const ROWS_IN_FLIGHT = 4;

/** A bounded set of row writes in flight: add waits for a free place; drain waits for all and rethrows the first failure. */
class RowWindow {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;
  cancelled = false;

  constructor(private readonly size: number) {}

  async add(write: Promise<boolean>): Promise<void> {
    const settled: Promise<void> = write.then(
      (cancel) => {
        if (cancel) this.cancelled = true;
      },
      (error: unknown) => {
        this.failure ??= { error };
      },
    );
    const tracked = settled.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    if (this.running.size >= this.size) await Promise.race(this.running);
    if (this.failure) throw this.failure.error;
  }

  async drain(): Promise<void> {
    await Promise.all(this.running);
    if (this.failure) throw this.failure.error;
  }
}
