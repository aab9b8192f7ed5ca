import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { requireRole } from '../../passport/transitions/result';
import type { AuditFilters } from './filters';
import { AUDIT_READ_ROLES, type AuditEntry, listAuditEntries } from './query';

export const AUDIT_CSV_HEADER = [
  'time',
  'event',
  'actorRole',
  'actorId',
  'channel',
  'productId',
  'productSlug',
  'productName',
  'context',
  'id',
];

/** Rows fetched per query while streaming; the export holds one batch in memory at a time. */
const BATCH_SIZE = 500;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP's CSV injection list).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-looking text defused with a leading apostrophe, then quoted as RFC 4180 requires. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export const csvRecord = (cells: (string | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export function auditCsvRecord(entry: AuditEntry): string {
  return csvRecord([
    entry.createdAt.toISOString(),
    entry.eventType,
    entry.actorRole,
    entry.actorId,
    entry.eventChannel,
    entry.productId,
    entry.product?.slug,
    entry.product?.name,
    JSON.stringify(entry.eventContext ?? {}),
    entry.id,
  ]);
}

/**
 * Every audit row of the tenant matching the filters, newest first, as a CSV byte stream read batch by batch
 * (keyset paging), so an export of any size never sits in memory whole.
 */
export function auditCsvStream({
  ctx,
  filters,
  db = prisma,
}: {
  ctx: DomainContext;
  filters: AuditFilters;
  db?: Db | Tx;
}): ReadableStream<Uint8Array> {
  requireRole(ctx, AUDIT_READ_ROLES, 'export the audit trail');
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRecord(AUDIT_CSV_HEADER)));
        return;
      }
      const page = await listAuditEntries({ ctx, filters, cursor, limit: BATCH_SIZE, db });
      if (page.entries.length > 0) controller.enqueue(encoder.encode(page.entries.map(auditCsvRecord).join('')));
      if (page.nextCursor) cursor = page.nextCursor;
      else controller.close();
    },
  });
}

/** A file name for the download: the company and the UTC date. */
export function auditCsvFileName(companyName: string, now = new Date()): string {
  const name =
    companyName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'company';
  return `audit-${name}-${now.toISOString().slice(0, 10)}.csv`;
}
