import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/crypto/passwords';
import { disconnectPrisma, prisma } from '../../lib/db/client';
import { passportPath } from '../../lib/gs1/digital-link';
import { sha256Hex } from '../../lib/passport/canonical-json';
import { loadPublicPassport } from '../../lib/passport/public/lookup';
import { buildJsonLd } from '../../lib/passport/public/representations';
import { CURRENT_SCHEMA_VERSION } from '../../lib/schema/categories';
import { BATTERY_CATEGORIES } from '../../lib/schema/types';
import { listDemoPassports } from '../../lib/server/landing';
import { DEMO_COMPANY_SLUG, DEMO_LOGIN, DEMO_SECOND_LIFE_LOGIN, seedDemoIfAbsent } from './demo';
import { DEMO_HANDOVER, DEMO_PASSPORTS, DEMO_SECOND_LIFE } from './demo-passports';

beforeAll(async () => {
  await seedDemoIfAbsent(process.env.DATABASE_URL!);
});
afterAll(() => disconnectPrisma());

const demoProducts = () =>
  prisma.product.findMany({
    where: { company: { slug: DEMO_COMPANY_SLUG } },
    include: { category: true, versions: true },
  });

describe('demo data', () => {
  it('has a demo company whose operator can sign in with the printed login', async () => {
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: DEMO_LOGIN.email },
      include: { company: true },
    });
    expect(user.company.slug).toBe(DEMO_COMPANY_SLUG);
    expect(user.role).toBe('ADMIN');
    expect(await verifyPassword(DEMO_LOGIN.password, user.passwordHash)).toBe(true);
  });

  it('has a published passport in every battery category', async () => {
    const published = (await demoProducts()).filter((p) => p.state === 'APPROVED');
    expect(new Set(published.map((p) => p.category.code))).toEqual(new Set(BATTERY_CATEGORIES));
  });

  it('has one published passport with GTIN and serial and several versions, each snapshot intact', async () => {
    const products = await demoProducts();
    const withSerial = products.find((p) => p.state === 'APPROVED' && p.gtin && p.serialNumber);
    expect(withSerial).toBeDefined();
    const multi = products.find((p) => p.state === 'APPROVED' && p.versions.length >= 3);
    expect(multi).toBeDefined();
    expect(multi!.version).toBe(multi!.versions.length);
    for (const v of multi!.versions) expect(sha256Hex(v.snapshot)).toBe(v.sha256);
  });

  it('has a withdrawn passport whose successor is published, a draft and a submitted one', async () => {
    const products = await demoProducts();
    const withdrawn = products.find((p) => p.state === 'WITHDRAWN');
    expect(withdrawn?.withdrawalReason).toBeTruthy();
    expect(products.find((p) => p.id === withdrawn?.successorId)?.state).toBe('APPROVED');
    expect(products.some((p) => p.state === 'DRAFT' && p.version === 0)).toBe(true);
    expect(products.some((p) => p.state === 'SUBMITTED')).toBe(true);
    expect(products.every((p) => p.isDemo)).toBe(true);
  });

  it("has a published model with published items, each item's snapshot merging the model's data and naming its version", async () => {
    const products = await demoProducts();
    const model = products.find((p) => p.kind === 'MODEL');
    expect(model).toMatchObject({ state: 'APPROVED', version: 1 });
    const items = products.filter((p) => p.modelId === model?.id);
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      expect(item).toMatchObject({ kind: 'ITEM', state: 'APPROVED', gtin: model?.gtin, modelVersion: 1 });
      const snapshot = JSON.parse(Buffer.from(item.versions[0].snapshot).toString('utf8'));
      expect(snapshot.model).toMatchObject({ id: model?.id, version: 1 });
      expect(snapshot.fields.battery_chemistry).toBe('LFP');
      expect(snapshot.fields.manufacturing_date).toMatch(/^2026-09-/);
    }
  });

  it('is on the current schema version, each passport with the CN code of its chemistry for the EU registry', async () => {
    const cnByChemistry: Record<string, string> = {
      NMC: '85076000',
      LFP: '85076000',
      LEAD_ACID: '85071020',
      NIMH: '85075000',
    };
    const products = await demoProducts();
    for (const p of products) {
      expect(p.schemaVersion, p.slug).toBe(CURRENT_SCHEMA_VERSION);
      if (p.kind === 'ITEM') continue; // an item takes the code from its model
      const fields = p.formData as Record<string, unknown>;
      expect(fields.commodity_code, p.slug).toBe(cnByChemistry[String(fields.battery_chemistry)]);
    }
    const published = products.filter((p) => p.state === 'APPROVED');
    for (const p of published) {
      const latest = p.versions.find((v) => v.version === p.version)!;
      const snapshot = JSON.parse(Buffer.from(latest.snapshot).toString('utf8'));
      expect(snapshot.fields.commodity_code, p.slug).toMatch(/^8507\d{4}$/);
    }
  });

  it('has a second demo company, a second-life operator, whose operator signs in with its printed login', async () => {
    const user = await prisma.user.findUniqueOrThrow({
      where: { email: DEMO_SECOND_LIFE_LOGIN.email },
      include: { company: { include: { gs1Prefixes: true } } },
    });
    expect(user.company).toMatchObject({ slug: DEMO_SECOND_LIFE.slug, isDemo: true });
    expect(user.company.id).not.toBe(
      (await prisma.company.findUniqueOrThrow({ where: { slug: DEMO_COMPANY_SLUG } })).id,
    );
    expect(user.company.gs1Prefixes.map((p) => p.prefix)).toEqual([DEMO_SECOND_LIFE.gs1Prefix]);
    expect(user.role).toBe('ADMIN');
    expect(await verifyPassword(DEMO_SECOND_LIFE_LOGIN.password, user.passwordHash)).toBe(true);
  });

  it('has a completed handover (Art. 77(7), repurposed): the successor is published by the second company, and both public documents name each other', async () => {
    const originalSlug = DEMO_PASSPORTS.find((p) => p.key === DEMO_HANDOVER.originalKey)!.slug;
    const handover = await prisma.handover.findFirstOrThrow({
      where: { product: { slug: originalSlug } },
      include: { fromCompany: true, toCompany: true, product: true, successor: true },
    });
    expect(handover).toMatchObject({ status: 'ACCEPTED', reason: 'REPURPOSED', mode: 'LIVE' });
    expect(handover.fromCompany.slug).toBe(DEMO_COMPANY_SLUG);
    expect(handover.toCompany?.slug).toBe(DEMO_SECOND_LIFE.slug);
    // The original stays published and names its successor; the successor is the second company's own passport.
    expect(handover.product).toMatchObject({
      state: 'APPROVED',
      handoverReason: 'REPURPOSED',
      successorId: handover.successorId,
    });
    const successor = handover.successor!;
    expect(successor).toMatchObject({
      companyId: handover.toCompanyId,
      state: 'APPROVED',
      version: 1,
      isDemo: true,
      gtin: DEMO_HANDOVER.successor.gtin,
      serialNumber: DEMO_HANDOVER.successor.serialNumber,
    });
    expect(successor.gtin?.slice(1, 8)).toBe(DEMO_SECOND_LIFE.gs1Prefix);
    const data = successor.formData as Record<string, unknown>;
    expect(data).toMatchObject({ operator_name: DEMO_SECOND_LIFE.name, battery_status: 'repurposed' });

    const original = await loadPublicPassport({ slug: originalSlug });
    const next = await loadPublicPassport({ slug: successor.slug });
    if (original.lookup.kind !== 'published' || next.lookup.kind !== 'published') throw new Error('not published');
    const succession = original.lookup.passport.dpp.succession;
    expect(original.lookup.passport.dpp.status).toBe('published');
    expect(succession).toMatchObject({ status: 'repurposed', successor: { verified: true, name: successor.name } });
    expect(succession?.successor?.url).toMatch(new RegExp(`${passportPath(successor)}$`));
    const predecessor = next.lookup.passport.dpp.succession?.predecessor;
    expect(predecessor).toMatchObject({ reason: 'repurposed', name: handover.product.name });
    expect(predecessor?.url).toMatch(new RegExp(`${passportPath(handover.product)}$`));
    expect(buildJsonLd(original.lookup.passport, 'https://example.test')['dpp:succession']).toMatchObject({
      'dpp:successor': { '@id': succession?.successor?.url },
    });
    expect(buildJsonLd(next.lookup.passport, 'https://example.test')['dpp:succession']).toMatchObject({
      'dpp:predecessor': { '@id': predecessor?.url },
    });
    // The landing page lists both passports among the demo's published ones.
    const listed = (await listDemoPassports()).map((p) => p.slug);
    expect(listed).toEqual(expect.arrayContaining([originalSlug, successor.slug]));
  });

  it('seeds only once', async () => {
    const before = await prisma.product.count();
    expect((await seedDemoIfAbsent(process.env.DATABASE_URL!)).seeded).toBe(false);
    expect(await prisma.product.count()).toBe(before);
  });
});
