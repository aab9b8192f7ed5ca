import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { evExamples, newCompany, tag } from '../../../testing/drafts';
import { createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { withCheckDigit } from '../../gs1/gtin';
import { createProduct } from './create-product';

afterAll(() => disconnectPrisma());

const gtin13 = () =>
  withCheckDigit(`40${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`);

describe('createProduct', () => {
  it("creates a draft in the caller's mode on the category's current schema version, GTIN stored as GTIN-14", async () => {
    const c = await newCompany();
    const gtin = gtin13();
    const p = await createProduct({
      ctx: keyCtx(c.id, 'TEST'),
      input: { name: `Pack ${tag()}`, categoryCode: 'LMT_BATTERY', gtin, serialNumber: 'SN-1' },
    });
    const category = await prisma.category.findUniqueOrThrow({ where: { code: 'LMT_BATTERY' } });
    expect(p).toMatchObject({
      state: 'DRAFT',
      mode: 'TEST',
      schemaVersion: category.currentSchemaVersion,
      gtin: `0${gtin}`,
      version: 0,
      lockVersion: 1,
    });
    expect(p.category.code).toBe('LMT_BATTERY');
  });

  it('writes exactly one Create audit row and one product.created event', async () => {
    const c = await newCompany();
    const p = await createProduct({
      ctx: keyCtx(c.id),
      input: { name: `Pack ${tag()}`, categoryCode: 'EV_BATTERY', formData: { model_number: 'M-1' } },
    });
    const audit = await auditRows(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ eventType: 'Create', actorRole: 'Integration', eventChannel: 'API' });
    expect(audit[0].eventContext).toMatchObject({ category: 'EV_BATTERY', fields: ['model_number'] });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: c.id } });
    expect(events.map((e) => e.type)).toEqual(['product.created']);
  });

  it('makes a URL-safe slug from the name, unique even when the plain form is taken', async () => {
    const c = await newCompany();
    const name = `Zoë's Pack ${tag()}`;
    const a = await createProduct({ ctx: keyCtx(c.id), input: { name, categoryCode: 'EV_BATTERY' } });
    const b = await createProduct({ ctx: keyCtx(c.id, 'TEST'), input: { name, categoryCode: 'EV_BATTERY' } });
    expect(a.slug).toMatch(/^zoe-s-pack-[0-9a-f]{10}$/);
    expect(b.slug).toMatch(new RegExp(`^${a.slug}-[0-9a-f]{8}$`));
  });

  it('refuses a malformed slug with VALIDATION_ERROR and a taken one with NAME_IN_USE', async () => {
    const c = await newCompany();
    const input = { name: `Pack ${tag()}`, categoryCode: 'EV_BATTERY' };
    expect((await refusal(createProduct({ ctx: keyCtx(c.id), input: { ...input, slug: 'Not A Slug' } }))).code).toBe(
      'VALIDATION_ERROR',
    );
    const first = await createProduct({ ctx: keyCtx(c.id), input });
    const err = await refusal(
      createProduct({ ctx: keyCtx(c.id), input: { ...input, name: `Other ${tag()}`, slug: first.slug } }),
    );
    expect(err.code).toBe('NAME_IN_USE');
    expect(err.options.details).toEqual({ field: 'slug' });
  });

  it('refuses a GTIN with a wrong check digit, and an unknown category, with VALIDATION_ERROR', async () => {
    const c = await newCompany();
    const good = gtin13();
    const bad = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    expect(
      (await refusal(createProduct({ ctx: keyCtx(c.id), input: { name: 'X', categoryCode: 'EV_BATTERY', gtin: bad } })))
        .code,
    ).toBe('VALIDATION_ERROR');
    expect((await refusal(createProduct({ ctx: keyCtx(c.id), input: { name: 'X', categoryCode: 'NOPE' } }))).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('refuses a name the company uses in the same mode (NAME_IN_USE) but not in the other mode', async () => {
    const c = await newCompany();
    const name = `Pack ${tag()}`;
    await createProduct({ ctx: keyCtx(c.id), input: { name, categoryCode: 'EV_BATTERY' } });
    expect(
      (await refusal(createProduct({ ctx: keyCtx(c.id), input: { name, categoryCode: 'EV_BATTERY' } }))).code,
    ).toBe('NAME_IN_USE');
    await expect(
      createProduct({ ctx: keyCtx(c.id, 'TEST'), input: { name, categoryCode: 'EV_BATTERY' } }),
    ).resolves.toBeTruthy();
  });

  it("refuses another company's GTIN and a GTIN + serial already in use with GTIN_IN_USE", async () => {
    const [mine, theirs] = [await newCompany(), await newCompany()];
    const gtin = gtin13();
    await createTestProduct(prisma, { companyId: theirs.id, gtin: `0${gtin}`, serialNumber: 'A' });
    const foreign = await refusal(
      createProduct({
        ctx: keyCtx(mine.id),
        input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY', gtin, serialNumber: 'B' },
      }),
    );
    expect(foreign.code).toBe('GTIN_IN_USE');
    const own = gtin13();
    await createProduct({
      ctx: keyCtx(mine.id),
      input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY', gtin: own, serialNumber: 'A' },
    });
    const twice = await refusal(
      createProduct({
        ctx: keyCtx(mine.id),
        input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY', gtin: own, serialNumber: 'A' },
      }),
    );
    expect(twice.code).toBe('GTIN_IN_USE');
    await expect(
      createProduct({
        ctx: keyCtx(mine.id),
        input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY', gtin: own, serialNumber: 'B' },
      }),
    ).resolves.toBeTruthy();
  });

  it('validates initial form data like a form-data write: FIELD_VALIDATION_ERROR and nothing created', async () => {
    const c = await newCompany();
    const name = `Pack ${tag()}`;
    const err = await refusal(
      createProduct({ ctx: keyCtx(c.id), input: { name, categoryCode: 'EV_BATTERY', formData: { no_such_field: 1 } } }),
    );
    expect(err.code).toBe('FIELD_VALIDATION_ERROR');
    expect(err.options.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'no_such_field', code: 'UNKNOWN_FIELD' }),
    ]);
    expect(await prisma.product.count({ where: { companyId: c.id } })).toBe(0);
    const ok = await createProduct({
      ctx: keyCtx(c.id),
      input: { name, categoryCode: 'EV_BATTERY', formData: evExamples() },
    });
    expect(ok.formData).toEqual(evExamples());
  });

  it("enforces the plan's maxProducts per mode with PLAN_LIMIT", async () => {
    const c = await newCompany({ maxProducts: 1 });
    await createProduct({ ctx: keyCtx(c.id), input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY' } });
    const err = await refusal(
      createProduct({ ctx: keyCtx(c.id), input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY' } }),
    );
    expect(err.code).toBe('PLAN_LIMIT');
    expect(err.options.details).toMatchObject({ limit: 1, mode: 'live' });
    await expect(
      createProduct({ ctx: keyCtx(c.id, 'TEST'), input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY' } }),
    ).resolves.toBeTruthy();
  });

  it('answers the created row exactly as Prisma reads it back (types, enums, timestamps, form data, category code)', async () => {
    const c = await newCompany();
    const p = await createProduct({
      ctx: keyCtx(c.id),
      input: {
        name: `P ${tag()}`,
        categoryCode: 'EV_BATTERY',
        gtin: gtin13(),
        serialNumber: 'S-1',
        formData: evExamples(),
      },
    });
    const read = await prisma.product.findUniqueOrThrow({
      where: { id: p.id },
      include: { category: { select: { code: true } } },
    });
    expect(p).toStrictEqual(read);
  });

  it('lets only one of several concurrent creations take the last place of a quota', async () => {
    const c = await newCompany({ maxProducts: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        createProduct({ ctx: keyCtx(c.id), input: { name: `P ${tag()}`, categoryCode: 'EV_BATTERY' } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
    expect(refused).toEqual(['PLAN_LIMIT', 'PLAN_LIMIT', 'PLAN_LIMIT']);
    expect(await prisma.product.count({ where: { companyId: c.id } })).toBe(1);
  });
});
