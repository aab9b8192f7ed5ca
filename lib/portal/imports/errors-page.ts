import type { DomainContext } from '../../domain/context';
import { decodeKeyedCursor, encodeCursor } from '../../domain/cursor';
import { ServiceError } from '../../errors';
import { listImportErrors } from '../../imports/list-import-errors';

export const ERRORS_PAGE_SIZE = 50;

/** One page of an import's row errors for the portal table; the cursor carries the last error's row and id. */
export async function importErrorsPage(ctx: DomainContext, importId: string, cursor: string | undefined) {
  let after: { rowNumber: number; id: string } | undefined;
  if (cursor) {
    const { key, id } = decodeKeyedCursor(cursor);
    const rowNumber = Number(key);
    if (!Number.isInteger(rowNumber))
      throw new ServiceError('VALIDATION_ERROR', 'The page link is not valid.', { details: { field: 'cursor' } });
    after = { rowNumber, id };
  }
  const page = await listImportErrors({ ctx, input: { importId, limit: ERRORS_PAGE_SIZE, after } });
  return {
    items: page.items,
    nextCursor: page.next ? encodeCursor([String(page.next.rowNumber), page.next.id]) : null,
  };
}
