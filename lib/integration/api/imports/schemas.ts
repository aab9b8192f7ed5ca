import { z } from 'zod';
import { Timestamp, Uuid } from '../common';

const Count = z.number().int().min(0);

/** The import view (lib/imports/view.ts importView): status, row counters, timings and the submission. */
export const ImportSchema = z
  .object({
    id: Uuid,
    status: z
      .enum(['queued', 'running', 'completed', 'failed', 'cancelled'])
      .describe('queued → running → completed, failed (the file could not be read on) or cancelled.'),
    format: z.enum(['csv', 'xlsx', 'jsonl']).describe("Decided by the file's bytes."),
    fileName: z.string().nullable().describe('The uploaded file name, stripped of any path; for display only.'),
    byteLength: Count,
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('SHA-256 of the file, lowercase hex.'),
    mappingId: Uuid.nullable(),
    modelId: Uuid.nullable().describe('The battery model whose items the rows are, or null.'),
    mode: z.enum(['live', 'test']),
    total: Count.nullable().describe('Data rows in the file; null until the worker has read it through once.'),
    processed: Count.describe('Rows done: created + updated + unchanged + failed.'),
    created: Count,
    updated: Count,
    unchanged: Count,
    failed: Count.describe('Rows refused; GET /api/v1/imports/{id}/errors says why.'),
    failureReason: z.string().nullable().describe('Why a failed import stopped (the file could not be read on).'),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    cancelRequestedAt: Timestamp.nullable(),
    submission: z
      .object({
        requestedAt: Timestamp,
        finishedAt: Timestamp.nullable().describe('Null while the drafts are being submitted.'),
        submitted: Count.describe('Drafts put in review.'),
        refused: Count.describe('Drafts left as drafts (mandated fields missing).'),
      })
      .nullable()
      .describe('Null until POST /api/v1/imports/{id}/submit.'),
  })
  .meta({
    id: 'Import',
    example: {
      id: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f',
      status: 'completed',
      format: 'csv',
      fileName: 'sap-export.csv',
      byteLength: 48213,
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      mappingId: '7c1e3f0b-8d7a-4c2b-9e5f-1a2b3c4d5e6f',
      modelId: null,
      mode: 'live',
      total: 1200,
      processed: 1200,
      created: 1180,
      updated: 12,
      unchanged: 0,
      failed: 8,
      failureReason: null,
      createdAt: '2026-11-26T09:30:00.000Z',
      startedAt: '2026-11-26T09:30:01.000Z',
      finishedAt: '2026-11-26T09:30:12.000Z',
      cancelRequestedAt: null,
      submission: null,
    },
  });

export const ImportErrorSchema = z
  .object({
    rowNumber: z
      .number()
      .int()
      .min(1)
      .describe('The row in the file: the header is row 1 of a CSV or XLSX; a JSON Lines row is its line number.'),
    column: z.string().nullable().describe('The column (or JSON key) the error concerns, when one does.'),
    fieldId: z.string().nullable().describe('The schema field (or identity target) the error concerns, when one does.'),
    code: z
      .string()
      .describe(
        'A field error code (REQUIRED_MISSING, WRONG_TYPE, INVALID_OPTION, OUT_OF_RANGE, PATTERN_MISMATCH, ' +
          'UNKNOWN_FIELD, WRONG_LEVEL), UNKNOWN_COLUMN, DUPLICATE_SERIAL, MALFORMED_BODY, or an error code of the ' +
          'contract (NAME_IN_USE, GTIN_IN_USE, MODEL_INVALID, INVALID_STATE, VALIDATION_ERROR, …).',
      ),
    message: z.string().describe('States the rule; never repeats the cell.'),
  })
  .meta({ id: 'ImportRowError' });

/** The multipart parts, for the OpenAPI document (the handler parses the signed bytes itself). */
export const ImportUploadParts = z
  .object({
    file: z.string().describe('The file (binary): CSV (UTF-8, `,` or `;`), XLSX or JSON Lines, judged by its bytes.'),
    mappingId: Uuid.optional().describe('The ERP mapping that reads the columns; required for CSV and XLSX.'),
    modelId: Uuid.optional().describe('The battery model whose items the rows are.'),
    categoryCode: z
      .string()
      .optional()
      .describe('For JSON Lines without a mapping or model: the category whose field ids formData uses.'),
  })
  .meta({ example: { file: '(binary)', mappingId: '7c1e3f0b-8d7a-4c2b-9e5f-1a2b3c4d5e6f' } });
