import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { DomainContext } from '../../../domain/context';
import type { ResponseOf } from '../../endpoint';
import { listKeys } from '../../key-admin/list';
import { storedMode } from '../common';
import { pageBody, pageInput } from '../paging';
import type { listKeysEndpoint } from './endpoints';

type ListQuery = z.output<NonNullable<typeof listKeysEndpoint.query>>;

/** One page of `{ data, nextCursor }`. */
export async function listKeysPage(
  db: Db | Tx,
  ctx: DomainContext,
  query: ListQuery,
): Promise<ResponseOf<typeof listKeysEndpoint>> {
  const filters = { status: query.status, mode: storedMode(query.mode) };
  return pageBody(await listKeys({ ctx, db, query: { ...filters, ...pageInput(query) } }));
}
