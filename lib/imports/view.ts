import type { ImportJob, ImportRowError } from '../db/generated/client';

/** The stored import job as the verbs return it. */
export type ImportRecord = ImportJob;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * The API and portal form of an import: status in the contract's lower case, the row counters, the timings and the
 * submission. `total` is null until the file has been read through once (before the first row is written).
 */
export const importView = (row: ImportRecord) => ({
  id: row.id,
  status: row.status.toLowerCase() as 'queued' | 'running' | 'completed' | 'failed' | 'cancelled',
  format: row.format as 'csv' | 'xlsx' | 'jsonl',
  fileName: row.fileName,
  byteLength: row.byteLength,
  sha256: row.sha256,
  mappingId: row.mappingId,
  modelId: row.modelId,
  mode: row.mode === 'TEST' ? ('test' as const) : ('live' as const),
  total: row.total,
  processed: row.processed,
  created: row.created,
  updated: row.updated,
  unchanged: row.unchanged,
  failed: row.failed,
  failureReason: row.failureReason,
  createdAt: row.createdAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
  cancelRequestedAt: iso(row.cancelRequestedAt),
  submission: row.submittedAt
    ? {
        requestedAt: row.submittedAt.toISOString(),
        finishedAt: iso(row.submitFinishedAt),
        submitted: row.submittedCount,
        refused: row.submitRefused,
      }
    : null,
});

/** One row error as the API lists it. */
export const importErrorView = (
  row: Pick<ImportRowError, 'rowNumber' | 'column' | 'fieldId' | 'code' | 'message'>,
) => ({
  rowNumber: row.rowNumber,
  column: row.column,
  fieldId: row.fieldId,
  code: row.code,
  message: row.message,
});
