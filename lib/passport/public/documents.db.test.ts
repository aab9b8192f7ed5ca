import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../../testing/factories';
import { countStatements } from '../../../testing/statements';
import { resetConfigForTests } from '../../config';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { systemActor } from '../../domain/context';
import type { ServiceError } from '../../errors';
import { reinstateProduct, withdrawProduct } from '../lifecycle';
import { publicDocumentBySlug, storeDocument } from './documents';
import { findPublicPassport, resetPublicCacheForTests } from './lookup';
import { dppBody, jsonLdBody } from './served';

/** A strong ETag as the contract has it: the quoted SHA-256 of the bytes served. */
const strongEtag = (bytes: string) => `"${createHash('sha256').update(bytes).digest('hex')}"`;

const baseUrl = process.env.BASE_URL;
let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterEach(() => {
  process.env.BASE_URL = baseUrl;
  resetConfigForTests();
  resetPublicCacheForTests();
});
afterAll(() => disconnectPrisma());

const ctx = () => ({ companyId, actor: systemActor('test') });
const published = (formData: Record<string, unknown> = {}) => createPublishedPassport(prisma, { companyId, formData });
const stored = (productId: string) => prisma.publicDocument.findUnique({ where: { productId } });
const revisionOf = async (productId: string) =>
  (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).revision;
const json = async (slug: string) => JSON.parse((await publicDocumentBySlug(slug, 'dpp')).bytes.toString('utf8'));
const refusal = (slug: string) =>
  publicDocumentBySlug(slug, 'dpp').then(
    () => null,
    (err: ServiceError) => err.code,
  );

describe('stored public documents', () => {
  it('publication writes the JSON and JSON-LD of the new version in its own commit, byte for byte what the full lookup builds', async () => {
    const product = await published();
    const row = await stored(product.id);
    expect(row?.revision).toBe(product.revision);
    const lookup = await findPublicPassport({ slug: product.slug });
    if (lookup.kind !== 'published') throw new Error('not published');
    expect(row?.dpp).toBe(dppBody(lookup.passport).bytes.toString('utf8'));
    expect(row?.dppEtag).toBe(dppBody(lookup.passport).etag);
    expect(row?.jsonld).toBe(jsonLdBody(lookup.passport).bytes.toString('utf8'));
    expect(row?.jsonldEtag).toBe(jsonLdBody(lookup.passport).etag);
  });

  it('a read of an unchanged passport serves the stored bytes and ETag as they are (nothing rebuilt)', async () => {
    const product = await published();
    // Replaced in place, at the same revision, with bytes that match their ETag: only a read of the stored row
    // can return them.
    const marked = '{"marked":true}';
    await prisma.$executeRaw`UPDATE "PublicDocument" SET "dpp" = ${marked}, "dppEtag" = ${strongEtag(marked)} WHERE "productId" = ${product.id}::uuid`;
    const body = await publicDocumentBySlug(product.slug, 'dpp');
    expect(body.bytes.toString('utf8')).toBe(marked);
    expect(body.etag).toBe(strongEtag(marked));
  });

  it('a stored document that no longer matches its hash is never served: it is rebuilt from the verified snapshot', async () => {
    const product = await published();
    const original = (await stored(product.id))!;
    await prisma.$executeRaw`UPDATE "PublicDocument" SET "dpp" = replace("dpp", ${product.name}, 'Tampered') WHERE "productId" = ${product.id}::uuid`;
    const body = await publicDocumentBySlug(product.slug, 'dpp');
    expect(body.bytes.toString('utf8')).toBe(original.dpp);
    expect(body.etag).toBe(original.dppEtag);
    expect((await stored(product.id))?.dpp).toBe(original.dpp);
  });

  it('any change to the product stales the stored document in the same commit: the next read shows it and stores the rebuilt one', async () => {
    const product = await published({ current_soh_pct: 97 });
    expect((await json(product.slug)).performance).toMatchObject({ currentSohPct: 97 });
    const formData = { ...(product.formData as Record<string, unknown>), current_soh_pct: 88 };
    await prisma.product.update({ where: { id: product.id }, data: { formData: formData as Prisma.InputJsonObject } });
    expect((await json(product.slug)).performance).toMatchObject({ currentSohPct: 88 });
    const row = await stored(product.id);
    expect(row?.revision).toBe(await revisionOf(product.id));
    expect(JSON.parse(row!.dpp).performance).toMatchObject({ currentSohPct: 88 });
  });

  it("never serves a withdrawn passport's body: the first read after the withdrawal is 410, and the stored row is gone", async () => {
    const product = await published();
    await json(product.slug);
    await withdrawProduct({ ctx: ctx(), input: { productId: product.id, reason: 'Recalled' } });
    expect(await stored(product.id)).toBeNull();
    expect(await refusal(product.slug)).toBe('PRODUCT_WITHDRAWN');
    expect(await stored(product.id)).toBeNull();
    await reinstateProduct({ ctx: ctx(), input: { productId: product.id } });
    expect((await stored(product.id))?.revision).toBe(await revisionOf(product.id));
    expect((await json(product.slug)).productName).toBe(product.name);
  });

  it('reads asked in the same turn share one query, and each answers for its own passport: 200, 410 or 404', async () => {
    const [a, b, withdrawn] = await Promise.all([published(), published(), published()]);
    await Promise.all([json(a.slug), json(b.slug), json(withdrawn.slug)]);
    await withdrawProduct({ ctx: ctx(), input: { productId: withdrawn.id, reason: 'Recalled' } });
    const { result: answers, statements } = await countStatements(() =>
      Promise.all([
        json(a.slug),
        json(b.slug),
        json(a.slug),
        refusal('no-such-passport'),
        publicDocumentBySlug(b.slug, 'jsonld').then((body) => JSON.parse(body.bytes.toString('utf8'))),
      ]),
    );
    // One statement per form: the JSON reads together, the JSON-LD read in its own.
    expect(statements).toBe(2);
    const [withdrawnAnswer, beside] = await Promise.all([refusal(withdrawn.slug), json(a.slug)]);
    expect(beside.slug).toBe(a.slug);
    expect(answers[0].slug).toBe(a.slug);
    expect(answers[1].slug).toBe(b.slug);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[3]).toBe('PRODUCT_NOT_FOUND');
    expect(answers[4]['@id']).toContain(b.slug);
    expect(withdrawnAnswer).toBe('PRODUCT_WITHDRAWN');
  });

  it('a stored row of an older revision is never served, even if it was left behind', async () => {
    const product = await published();
    await prisma.$executeRaw`UPDATE "PublicDocument" SET "dpp" = '{"stale":true}' WHERE "productId" = ${product.id}::uuid`;
    await prisma.$executeRaw`UPDATE "Product" SET "name" = 'Renamed by hand' WHERE "id" = ${product.id}::uuid`;
    const body = await json(product.slug);
    expect(body.stale).toBeUndefined();
    expect(body.productName).toBe('Renamed by hand');
  });

  it('renaming the company stales the documents of its products (the JSON-LD may name it)', async () => {
    const product = await published();
    await prisma.company.update({ where: { id: companyId }, data: { name: `Renamed ${Date.now()}` } });
    expect(await revisionOf(product.id)).toBeGreaterThan(product.revision);
  });

  it('a document stored under another BASE_URL is rebuilt for this one', async () => {
    const product = await published();
    process.env.BASE_URL = 'https://passports.example.com';
    resetConfigForTests();
    const body = JSON.parse((await publicDocumentBySlug(product.slug, 'jsonld')).bytes.toString('utf8'));
    expect(JSON.stringify(body)).toContain('https://passports.example.com');
    expect((await stored(product.id))?.baseUrl).toBe('https://passports.example.com');
  });

  it('an older build never replaces a newer stored document', async () => {
    const product = await published();
    const lookup = await findPublicPassport({ slug: product.slug });
    if (lookup.kind !== 'published') throw new Error('not published');
    await prisma.$executeRaw`UPDATE "PublicDocument" SET "revision" = "revision" + 5, "dpp" = '{"newer":true}' WHERE "productId" = ${product.id}::uuid`;
    await storeDocument(prisma, lookup.passport, product.revision);
    expect((await stored(product.id))?.dpp).toBe('{"newer":true}');
  });

  it('a draft never published, a sandbox passport and an unknown slug answer 404 and store nothing', async () => {
    const draft = await createTestProduct(prisma, { companyId });
    const sandbox = await createPublishedPassport(prisma, { companyId, mode: 'test' });
    expect(await refusal(draft.slug)).toBe('PRODUCT_NOT_FOUND');
    expect(await refusal(sandbox.slug)).toBe('PRODUCT_NOT_FOUND');
    expect(await refusal('no-such-passport')).toBe('PRODUCT_NOT_FOUND');
    expect(await refusal('bad\u0000slug')).toBe('PRODUCT_NOT_FOUND');
    expect(await stored(draft.id)).toBeNull();
    expect(await stored(sandbox.id)).toBeNull();
  });
});
