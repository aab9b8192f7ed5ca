import { type Db, prisma, type Tx } from '../../db/client';
import { downloadDocument } from '../../documents/download';
import { type DocumentStorage, documentStorage } from '../../documents/storage';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';

/**
 * A document of the operator's company, downloaded from its passport's page: the document must belong to that
 * passport too, so an address never serves another product's file. Anything else is 404 like an unknown id.
 */
export async function downloadPassportDocument({
  ctx,
  input,
  db = prisma,
  storage = documentStorage(),
}: {
  ctx: DomainContext;
  input: { productId: string; documentId: string };
  db?: Db | Tx;
  storage?: DocumentStorage;
}): Promise<Response> {
  const notFound = () => new ServiceError('NOT_FOUND', 'No such document.');
  if (!isUuid(input.productId) || !isUuid(input.documentId)) throw notFound();
  const owned = await db.document.findFirst({
    where: { id: input.documentId, productId: input.productId, companyId: ctx.companyId },
    select: { id: true },
  });
  if (!owned) throw notFound();
  return downloadDocument(db, ctx, owned.id, storage);
}
