import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { logger } from '../log';
import { AUTHOR_ROLES } from '../passport/drafts/create-product';
import { requireNotDemo } from '../passport/drafts/guards';
import { loadProductForUpdate } from '../passport/transitions/load';
import { recordProductChange } from '../passport/transitions/record';
import { requireRole } from '../passport/transitions/result';
import { requireDocumentsModule, reserveStorage } from './access';
import { parseUpload } from './multipart';
import { sniffMediaType } from './sniff';
import { type DocumentStorage, documentStorage, storageFailure } from './storage';

export interface UploadInput {
  productId: string;
  /** The exact bytes that were signed, and their Content-Type with its boundary. */
  rawBody: Uint8Array;
  contentType: string | null;
}

/**
 * After the caller's transaction ends (the product row lock taken by the upload is released), a file without its
 * Document row is an orphan of a rollback (a failed commit, a 5xx rolled back by the wrapper) and is deleted.
 */
async function settleUpload(productId: string, storageKey: string, storage: DocumentStorage): Promise<void> {
  await prisma.$queryRaw`SELECT 1 FROM "Product" WHERE "id" = ${productId}::uuid FOR SHARE`;
  const kept = await prisma.document.findUnique({ where: { storageKey }, select: { id: true } });
  if (!kept) await storage.delete(storageKey);
}

/**
 * Stores an evidence document: module, product (404, demo) and body checks, the storage reservation, then the file
 * under a fresh UUID key and the row, audit entry and `document.uploaded` event in one transaction. Uploads are
 * allowed in every state: evidence often arrives after publication. A failure after the file write deletes it.
 */
export async function uploadDocument({
  ctx,
  input,
  db = prisma,
  storage = documentStorage(),
}: {
  ctx: DomainContext;
  input: UploadInput;
  db?: Db | Tx;
  storage?: DocumentStorage;
}) {
  requireRole(ctx, AUTHOR_ROLES, 'upload a document');
  await requireDocumentsModule(db, ctx.companyId);
  const storageKey = randomUUID();
  let attempted = false;
  try {
    const document = await inTransaction(db, async (tx) => {
      const product = await loadProductForUpdate(tx, ctx, input.productId);
      requireNotDemo(product);
      const upload = await parseUpload(input.rawBody, input.contentType, config().DOCUMENT_MAX_BYTES);
      const contentType = await sniffMediaType(upload.bytes);
      if (!contentType)
        throw new ServiceError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Only PDF, PNG, JPEG, WebP, CSV, JSON and XML files are accepted (judged by content).',
        );
      await reserveStorage(tx, ctx.companyId, upload.bytes.length);
      const sha256 = sha256Hex(upload.bytes);
      attempted = true;
      await storage.put(storageKey, upload.bytes);
      const row = await tx.document.create({
        data: {
          companyId: ctx.companyId,
          productId: product.id,
          ...upload.metadata,
          language: upload.metadata.language ?? null,
          fileName: upload.fileName,
          contentType,
          byteLength: upload.bytes.length,
          sha256,
          storageKey,
          uploadedByKeyId: ctx.actor.channel === 'API' ? ctx.actor.id : null,
        },
      });
      const context = { documentId: row.id, documentType: row.documentType, byteLength: row.byteLength, sha256 };
      await recordProductChange(tx, ctx, product, 'DocumentUploaded', context, { 'document.uploaded': context });
      return row;
    });
    const settled = settleUpload(document.productId, storageKey, storage).catch((error) =>
      logger().error({ err: error, storageKey }, 'document upload settle failed'),
    );
    return { document, settled };
  } catch (error) {
    if (attempted)
      await storage
        .delete(storageKey)
        .catch((e) => logger().error({ err: e, storageKey }, 'orphan document file not deleted'));
    throw storageFailure(error, 'write');
  }
}
