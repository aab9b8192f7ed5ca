import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPOSTORS, SAMPLES } from '../../testing/document-samples';
import { documentTenant, tempStorage, uploadInput } from '../../testing/documents';
import { sha256Hex } from '../crypto/secrets';
import { disconnectPrisma, prisma } from '../db/client';
import type { ServiceError } from '../errors';
import { statusOf } from '../http/error-codes';
import { uploadDocument } from './upload';

afterAll(() => disconnectPrisma());

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: ServiceError) => `${statusOf(e.code)} ${e.code}`,
  );
const used = async (companyId: string) =>
  Number((await prisma.company.findUniqueOrThrow({ where: { id: companyId } })).storageUsedBytes);
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true })).filter((f) => /[0-9a-f-]{36}$/.test(String(f)));

describe('uploading an evidence document', () => {
  it('stores the file with its SHA-256, the row, the storage use, an audit row and the document.uploaded event', async () => {
    const { company, product, ctx } = await documentTenant();
    const { storage, stored } = await tempStorage();
    const { document, settled } = await uploadDocument({
      ctx,
      storage,
      input: uploadInput(product.id, { file: SAMPLES.png.bytes, fileName: 'x.pdf', contentType: 'application/pdf' }),
    });
    await settled;
    expect(document).toMatchObject({
      contentType: 'image/png',
      byteLength: SAMPLES.png.bytes.length,
      sha256: sha256Hex(SAMPLES.png.bytes),
      fileName: 'x.pdf',
    });
    expect(await stored(document.storageKey)).toBe(true);
    expect(await used(company.id)).toBe(SAMPLES.png.bytes.length);
    expect(await prisma.auditLog.count({ where: { productId: product.id, eventType: 'DocumentUploaded' } })).toBe(1);
    expect(await prisma.webhookEvent.count({ where: { companyId: company.id, type: 'document.uploaded' } })).toBe(1);
  });

  it('leaves no row and no orphan file when the work fails after the file write', async () => {
    const { company, product, ctx } = await documentTenant();
    const { storage, faults, dir } = await tempStorage();
    faults.put = 'after-write';
    await expect(uploadDocument({ ctx, storage, input: uploadInput(product.id) })).rejects.toThrow(
      'injected failure after the file write',
    );
    expect(await prisma.document.count({ where: { productId: product.id } })).toBe(0);
    expect(await filesIn(dir)).toEqual([]);
    expect(await used(company.id)).toBe(0);
  });

  it('deletes the file when the caller transaction rolls back after the upload (a 5xx the wrapper rolls back)', async () => {
    const { product, ctx } = await documentTenant();
    const { storage, dir } = await tempStorage();
    let settled: Promise<unknown> = Promise.resolve();
    const failed = await prisma
      .$transaction(async (tx) => {
        const result = await uploadDocument({ ctx, storage, db: tx, input: uploadInput(product.id) });
        settled = result.settled;
        expect(await filesIn(dir)).toHaveLength(1);
        throw new Error('rolled back after the handler');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('rolled back after the handler');
    await settled;
    expect(await prisma.document.count({ where: { productId: product.id } })).toBe(0);
    expect(await filesIn(dir)).toEqual([]);
  });

  it('answers 502 UPLOAD_FAILED on a transient storage failure, leaving nothing behind', async () => {
    const { company, product, ctx } = await documentTenant();
    const { storage, faults, dir } = await tempStorage();
    faults.put = 'unavailable';
    expect(await codeOf(uploadDocument({ ctx, storage, input: uploadInput(product.id) }))).toBe('502 UPLOAD_FAILED');
    expect(await prisma.document.count({ where: { productId: product.id } })).toBe(0);
    expect(await filesIn(dir)).toEqual([]);
    expect(await used(company.id)).toBe(0);
  });

  it('answers 422 STORAGE_LIMIT past the company limit without writing a file, and counts up to the limit exactly', async () => {
    const size = SAMPLES.pdf.bytes.length;
    const { product, ctx } = await documentTenant({ storageLimitBytes: BigInt(size * 2) });
    const { storage, keys } = await tempStorage();
    await uploadDocument({ ctx, storage, input: uploadInput(product.id) });
    await uploadDocument({ ctx, storage, input: uploadInput(product.id) });
    expect(await codeOf(uploadDocument({ ctx, storage, input: uploadInput(product.id) }))).toBe('422 STORAGE_LIMIT');
    expect(keys).toHaveLength(2);
  });

  it('refuses by the bytes (415), the module (403), a demo product (422) and the other mode (404); allows submitted products', async () => {
    const { storage } = await tempStorage();
    const a = await documentTenant();
    expect(
      await codeOf(
        uploadDocument({
          ctx: a.ctx,
          storage,
          input: uploadInput(a.product.id, { file: IMPOSTORS.zip, contentType: 'application/pdf' }),
        }),
      ),
    ).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    const b = await documentTenant({ modules: ['integration_api'] });
    expect(await codeOf(uploadDocument({ ctx: b.ctx, storage, input: uploadInput(b.product.id) }))).toBe(
      '403 FORBIDDEN_MODULE',
    );
    const c = await documentTenant();
    await prisma.product.update({ where: { id: c.product.id }, data: { isDemo: true } });
    expect(await codeOf(uploadDocument({ ctx: c.ctx, storage, input: uploadInput(c.product.id) }))).toBe(
      '422 DEMO_PRODUCT',
    );
    const d = await documentTenant({}, { mode: 'test' });
    expect(
      await codeOf(uploadDocument({ ctx: { ...d.ctx, mode: 'LIVE' }, storage, input: uploadInput(d.product.id) })),
    ).toBe('404 NOT_FOUND');
    const e = await documentTenant({}, { state: 'SUBMITTED' });
    expect(await codeOf(uploadDocument({ ctx: e.ctx, storage, input: uploadInput(e.product.id) }))).toBe('ok');
  });
});
