import { afterAll, describe, expect, it } from 'vitest';
import { documentTenant, tempStorage, uploadInput } from '../../../testing/documents';
import { createTestProduct } from '../../../testing/factories';
import { operatorCtx } from '../../../testing/portal-passports';
import { sha256Hex } from '../../crypto/secrets';
import { disconnectPrisma, prisma } from '../../db/client';
import { uploadDocument } from '../../documents/upload';
import type { ServiceError } from '../../errors';
import { statusOf } from '../../http/error-codes';
import { downloadPassportDocument } from './document';

afterAll(() => disconnectPrisma());

describe('downloadPassportDocument', () => {
  it("serves the exact bytes to an operator of the company, and 404 through another product's address or company", async () => {
    const { product, company, ctx: keyCtx } = await documentTenant();
    const { storage } = await tempStorage();
    const { document } = await uploadDocument({ ctx: keyCtx, storage, input: uploadInput(product.id) });
    const ctx = operatorCtx(company.id, 'REVIEWER');
    const res = await downloadPassportDocument({
      ctx,
      storage,
      input: { productId: product.id, documentId: document.id },
    });
    expect(sha256Hex(new Uint8Array(await res.arrayBuffer()))).toBe(document.sha256);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);

    const sibling = await createTestProduct(prisma, { companyId: company.id });
    const other = await documentTenant();
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: ServiceError) => `${statusOf(e.code)} ${e.code}`,
      );
    expect(
      await codeOf(
        downloadPassportDocument({ ctx, storage, input: { productId: sibling.id, documentId: document.id } }),
      ),
    ).toBe('404 NOT_FOUND');
    expect(
      await codeOf(
        downloadPassportDocument({
          ctx: operatorCtx(other.company.id),
          storage,
          input: { productId: product.id, documentId: document.id },
        }),
      ),
    ).toBe('404 NOT_FOUND');
    expect(
      await codeOf(downloadPassportDocument({ ctx, storage, input: { productId: product.id, documentId: 'x' } })),
    ).toBe('404 NOT_FOUND');
  });
});
