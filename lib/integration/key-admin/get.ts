import { prisma } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { getKeyOrThrow, requireKeyAdmin } from './find';
import { type KeyView, keyView } from './view';

/** One key of the administrator's company as a view; another company's key is 404 like an unknown id. */
export async function getKey({ ctx, input, db = prisma }: VerbArgs<{ keyId: string }>): Promise<KeyView> {
  requireKeyAdmin(ctx, 'read API keys');
  return keyView(await getKeyOrThrow(db, ctx, input.keyId));
}
