import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../../testing/document-samples';
import { documentTenant, tempStorage, uploadInput } from '../../testing/documents';
import { sha256Hex } from '../crypto/secrets';
import { disconnectPrisma, prisma } from '../db/client';
import type { ServiceError } from '../errors';
import { statusOf } from '../http/error-codes';
import { downloadDocument } from './download';
import { listDocuments } from './list';
import { uploadDocument } from './upload';

afterAll(() => disconnectPrisma());

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: ServiceError) => `${statusOf(e.code)} ${e.code}`,
  );

describe('listing and downloading documents', () => {
  it('streams the exact bytes with type, length, attachment name, digest and ETag', async () => {
    const { product, ctx } = await documentTenant();
    const { storage } = await tempStorage();
    const { document } = await uploadDocument({
      ctx,
      storage,
      input: uploadInput(product.id, { file: SAMPLES.csv.bytes, fileName: 'Zellen-Prüfung.csv' }),
    });
    const res = await downloadDocument(prisma, ctx, document.id, storage);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sha256Hex(bytes)).toBe(document.sha256);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('content-length')).toBe(String(SAMPLES.csv.bytes.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Zellen-Pr_fung.csv"; filename*=UTF-8''Zellen-Pr%C3%BCfung.csv`,
    );
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${Buffer.from(document.sha256, 'hex').toString('base64')}:`);
    expect(res.headers.get('etag')).toBe(`"${document.sha256}"`);
  });

  it("answers 404 NOT_FOUND for another company's document and for the other mode's", async () => {
    const { product, ctx } = await documentTenant();
    const { storage } = await tempStorage();
    const { document } = await uploadDocument({ ctx, storage, input: uploadInput(product.id) });
    const other = await documentTenant();
    expect(await codeOf(downloadDocument(prisma, other.ctx, document.id, storage))).toBe('404 NOT_FOUND');
    expect(await codeOf(downloadDocument(prisma, { ...ctx, mode: 'TEST' }, document.id, storage))).toBe(
      '404 NOT_FOUND',
    );
    expect(await codeOf(listDocuments(prisma, other.ctx, product.id, { limit: 10 }))).toBe('404 NOT_FOUND');
  });

  it('answers 404 NO_FILE when the stored file is gone and 502 DOWNLOAD_FAILED when storage fails', async () => {
    const { product, ctx } = await documentTenant();
    const { storage, faults } = await tempStorage();
    const { document } = await uploadDocument({ ctx, storage, input: uploadInput(product.id) });
    faults.get = 'unavailable';
    expect(await codeOf(downloadDocument(prisma, ctx, document.id, storage))).toBe('502 DOWNLOAD_FAILED');
    faults.get = null;
    await storage.delete(document.storageKey);
    expect(await codeOf(downloadDocument(prisma, ctx, document.id, storage))).toBe('404 NO_FILE');
  });

  it('lists documents oldest first, page by page, with download URLs', async () => {
    const { product, ctx } = await documentTenant();
    const { storage } = await tempStorage();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three'])
      ids.push((await uploadDocument({ ctx, storage, input: uploadInput(product.id, { title }) })).document.id);
    const first = await listDocuments(prisma, ctx, product.id, { limit: 2 });
    const second = await listDocuments(prisma, ctx, product.id, { limit: 2, cursor: first.nextCursor ?? undefined });
    const listed = [...first.data, ...second.data];
    expect(listed.map((d) => d.id).sort()).toEqual([...ids].sort());
    const keyOf = (d: { createdAt: string | null; id: string }) => `${d.createdAt}|${d.id}`;
    expect(listed.map(keyOf)).toEqual(listed.map(keyOf).sort());
    expect(second.nextCursor).toBeNull();
    expect(first.data[0].downloadUrl).toBe(`http://localhost:3000/api/v1/documents/${ids[0]}/download`);
  });
});
