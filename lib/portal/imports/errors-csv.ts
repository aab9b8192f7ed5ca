import type { DomainContext } from '../../domain/context';
import { getImport } from '../../imports/get-import';
import { type ErrorPosition, listImportErrors } from '../../imports/list-import-errors';

const PAGE = 1000;
export const ERRORS_CSV_HEADER = ['row', 'column', 'field', 'code', 'message'];

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: (string | number | null)[]): string => `${values.map(csvField).join(',')}\r\n`;

/**
 * Every row error of the tenant's import as CSV (`row,column,field,code,message`), streamed a page at a time so a
 * file of many errors never sits in memory. The import is looked up first: another tenant's is a 404 before any byte.
 */
export async function importErrorsCsv(ctx: DomainContext, importId: string, pageSize = PAGE) {
  const job = await getImport({ ctx, input: { importId } });
  const encoder = new TextEncoder();
  let after: ErrorPosition | undefined;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(ERRORS_CSV_HEADER)));
        return;
      }
      const page = await listImportErrors({ ctx, input: { importId: job.id, limit: pageSize, after } });
      const text = page.items.map((e) => csvRow([e.rowNumber, e.column, e.fieldId, e.code, e.message])).join('');
      if (text) controller.enqueue(encoder.encode(text));
      if (!page.next) controller.close();
      else after = page.next;
    },
  });
  return { job, stream };
}
