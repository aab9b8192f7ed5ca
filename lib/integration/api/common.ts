import { z } from 'zod';
import type { Mode } from '../../db/generated/enums';
import { FIELD_ERROR_CODES } from '../../schema/types';

/** Shared shapes of the Integration API: ids, paging and the error envelope, described once for OpenAPI. */

export const Uuid = z.uuid().describe('Identifier (UUID).').meta({ example: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f' });

export const Timestamp = z.iso
  .datetime()
  .describe('ISO 8601 timestamp (UTC).')
  .meta({ example: '2026-11-23T09:30:00.000Z' });

export const CategoryCode = z
  .string()
  .min(1)
  .max(64)
  .describe('Battery category code (GET /api/v1/categories).')
  .meta({ example: 'EV_BATTERY' });

/** A mode filter of the contract's names (`live`, `test`) as stored; no filter stays none. */
export const storedMode = (name: 'live' | 'test' | undefined): Mode | undefined =>
  name === undefined ? undefined : name === 'test' ? 'TEST' : 'LIVE';

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Items per page, 1 to 100 (default 50).'),
  cursor: z.string().max(200).optional().describe('The `nextCursor` of the previous page; omit for the first page.'),
});

/** A list answer: one page of items and the cursor of the next page (null on the last page). */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` to read the next page; null when this is the last page.'),
  });
}

export const FieldErrorSchema = z.object({
  field_id: z.string(),
  label: z.string(),
  code: z.enum(FIELD_ERROR_CODES),
  message: z.string(),
});

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code; branch on it, never on the message.'),
      message: z.string(),
      requestId: z.string().describe('Also sent as X-Service-Request-Id; quote it when asking for support.'),
      details: z.record(z.string(), z.unknown()).optional(),
      reason: z.string().optional(),
      currentLockVersion: z.number().int().optional().describe('On LOCK_CONFLICT: the lockVersion to re-read against.'),
      fieldErrors: z.array(FieldErrorSchema).optional().describe('On FIELD_VALIDATION_ERROR (also under details).'),
    }),
  })
  .meta({ id: 'Error' });
