import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { withCheckDigit } from '../../gs1/gtin';
import { findPassportState } from './product-by-key';

afterAll(() => disconnectPrisma());

const gtin14 = () => withCheckDigit(`0409${String(randomInt(0, 1e9)).padStart(9, '0')}`);

// The middleware's noindex check reads through the same key rules as the pages, so both name the same product.
describe('findPassportState: the light read behind X-Robots-Tag', () => {
  it('finds state and version by slug, GTIN + serial and GTIN + batch, live products only', async () => {
    const company = await createTestCompany(prisma);
    const gtin = gtin14();
    const serial = await createPublishedPassport(prisma, { companyId: company.id, gtin, serialNumber: 'SN-1' });
    const batch = await createTestProduct(prisma, {
      companyId: company.id,
      gtin,
      batchNumber: 'B-1',
      state: 'WITHDRAWN',
      version: 3,
    });
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin: gtin14(),
      serialNumber: 'SN-1',
      mode: 'test',
      state: 'WITHDRAWN',
      version: 1,
      slug: `sandbox-${gtin}`,
    });
    expect(await findPassportState({ slug: serial.slug })).toEqual({ state: 'APPROVED', version: 1 });
    expect(await findPassportState({ gtin, serialNumber: 'SN-1' })).toEqual({ state: 'APPROVED', version: 1 });
    expect(await findPassportState({ gtin, batchNumber: 'B-1' })).toEqual({ state: 'WITHDRAWN', version: 3 });
    expect(await findPassportState({ slug: batch.slug })).toEqual({ state: 'WITHDRAWN', version: 3 });
    expect(await findPassportState({ slug: `sandbox-${gtin}` })).toBeNull();
    expect(await findPassportState({ gtin, serialNumber: 'NO-SUCH' })).toBeNull();
  });

  it('reads GTIN + batch + serial (/10/{batch}/21/{serial}) as the serial whose passport records that batch', async () => {
    const company = await createTestCompany(prisma);
    const gtin = gtin14();
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin,
      serialNumber: 'SN-7',
      batchNumber: 'LOT-7',
      state: 'APPROVED',
      version: 2,
    });
    expect(await findPassportState({ gtin, batchNumber: 'LOT-7', serialNumber: 'SN-7' })).toEqual({
      state: 'APPROVED',
      version: 2,
    });
    expect(await findPassportState({ gtin, batchNumber: 'LOT-8', serialNumber: 'SN-7' })).toBeNull();
  });

  it('reads a bare GTIN as its model-level passport, else its only passport, else nothing', async () => {
    const company = await createTestCompany(prisma);
    const [only, two, model] = [gtin14(), gtin14(), gtin14()];
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin: only,
      serialNumber: 'S',
      state: 'WITHDRAWN',
      version: 1,
    });
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin: two,
      serialNumber: 'A',
      state: 'APPROVED',
      version: 1,
    });
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin: two,
      serialNumber: 'B',
      state: 'APPROVED',
      version: 1,
    });
    await createTestProduct(prisma, {
      companyId: company.id,
      gtin: model,
      serialNumber: 'A',
      state: 'APPROVED',
      version: 1,
    });
    await createTestProduct(prisma, { companyId: company.id, gtin: model, state: 'WITHDRAWN', version: 2 });
    expect(await findPassportState({ gtin: only })).toEqual({ state: 'WITHDRAWN', version: 1 });
    expect(await findPassportState({ gtin: two })).toBeNull();
    expect(await findPassportState({ gtin: model })).toEqual({ state: 'WITHDRAWN', version: 2 });
  });

  it('names nothing, without a query PostgreSQL would refuse, for a key holding a NUL or a lone surrogate', async () => {
    for (const key of [
      { slug: '\u0000' },
      { slug: 'a\ud800b' },
      { gtin: gtin14(), serialNumber: 'S\u0000' },
      { gtin: gtin14(), batchNumber: '\udfff' },
    ]) {
      expect(await findPassportState(key), JSON.stringify(key)).toBeNull();
    }
  });
});
