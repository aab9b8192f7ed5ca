import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import canonicalize from 'canonicalize';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { systemActor } from '../domain/context';
import type { ServiceError } from '../errors';
import { approveProduct, deprecateProduct, reinstateProduct, withdrawProduct } from '../passport/lifecycle';
import { publicRepresentation } from '../passport/public/representations';
import { issueMissingCredentials } from './backfill';
import { didDocument, statusListCredential } from './documents';
import { permutedIndex } from './permutation';
import { rotateIssuerKey } from './rotate';
import { STATUS_LIST_BITS } from './vocabulary';

const ctxOf = (companyId: string) => ({ companyId, actor: systemActor('test') });

let company: { id: string; slug: string; name: string };
beforeAll(async () => {
  company = await createTestCompany(prisma);
});
afterAll(() => disconnectPrisma());

type Credential = {
  id: string;
  issuer: { id: string; name: string };
  validFrom: string;
  type: string[];
  credentialSubject: { id: string; batteryPassport: Record<string, unknown>; product: Record<string, unknown> };
  relatedResource: { id: string; digestSRI: string }[];
  credentialStatus: { statusPurpose: string; statusListIndex: string; statusListCredential: string }[];
};

/** Verifies a compact JWS against the company's DID document as published, with jose alone. */
async function verifyWithDid(jws: string, slug: string) {
  const header = decodeProtectedHeader(jws);
  const did = await didDocument(slug);
  const method = did.verificationMethod.find((m) => m.id === header.kid);
  if (!method) throw new Error(`kid ${header.kid} not in the DID document`);
  expect(did.assertionMethod).toContain(method.id);
  const { payload } = await compactVerify(jws, await importJWK(method.publicKeyJwk as JWK, 'EdDSA'));
  return { header, payload: JSON.parse(new TextDecoder().decode(payload)) };
}

const credentialOf = async (slug: string, version: number) =>
  (await publicRepresentation({ form: 'credential', slug, version: String(version) })).bytes.toString('utf8');

/** The bit of `index` in the list at `url` (`.../status/{n}/{purpose}`), read from the signed list credential. */
async function statusBit(url: string, index: number, slug: string) {
  const [, n, purpose] = url.match(/\/status\/(\d+)\/(\w+)$/) ?? [];
  const list = await statusListCredential(slug, n, purpose);
  const { payload } = await verifyWithDid(list.jwt, slug);
  expect(payload.credentialSubject.statusPurpose).toBe(purpose);
  const bits = gunzipSync(Buffer.from(payload.credentialSubject.encodedList.slice(1), 'base64url'));
  expect(bits.length * 8).toBe(STATUS_LIST_BITS);
  return (bits[index >> 3] >> (7 - (index % 8))) & 1;
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: ServiceError) => err.code,
  );

describe('a credential per published version', () => {
  it('publication issues a VC-JOSE credential that verifies against the DID document, its subject the public view', async () => {
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    const jws = await credentialOf(product.slug, 1);
    const { header, payload } = await verifyWithDid(jws, company.slug);
    const credential = payload as Credential;
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc' });
    expect(header.kid).toMatch(new RegExp(`^did:web:localhost%3A3000:issuers:${company.slug}#`));
    expect(credential.type).toEqual(['VerifiableCredential', 'DigitalProductPassport']);
    expect(credential.issuer).toEqual({ id: header.kid?.split('#')[0], name: company.name });
    expect(credential.id).toBe(`http://localhost:3000/api/dpp/${product.slug}/v/1/credential`);
    const view = await publicRepresentation({ form: 'version', slug: product.slug, version: '1' });
    expect(credential.validFrom).toBe(view.headers['X-Snapshot-Published-At']);
    // The subject carries exactly the served bytes: JCS of the member is the version's body, and the digest says so.
    expect(canonicalize(credential.credentialSubject.batteryPassport)).toBe(view.bytes.toString('utf8'));
    const digest = `sha256-${createHash('sha256').update(view.bytes).digest('base64')}`;
    expect(credential.relatedResource).toEqual([
      { id: `http://localhost:3000/api/dpp/${product.slug}/v/1`, mediaType: 'application/json', digestSRI: digest },
    ]);
    expect(credential.credentialSubject.product).toMatchObject({
      name: product.name,
      producedByParty: { name: company.name },
    });
  });

  it('fills the UNTP DPP members the public view has, from that view, beside it (UNTP ProductPassport)', async () => {
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    const { payload } = await verifyWithDid(await credentialOf(product.slug, 1), company.slug);
    const subject = (payload as Credential).credentialSubject as Credential['credentialSubject'] & {
      emissionsScorecard?: { carbonFootprint: number; declaredUnit: string };
    };
    const fields = subject.batteryPassport.fields as Record<string, unknown>;
    // What the subject says under UNTP names is what the signed view says under the Battery Pass names.
    if (typeof fields.carbon_footprint_per_kwh === 'number')
      expect(subject.emissionsScorecard).toMatchObject({
        carbonFootprint: fields.carbon_footprint_per_kwh,
        declaredUnit: 'KWH',
      });
    else expect(subject.emissionsScorecard).toBeUndefined();
    if (typeof fields.battery_mass_kg === 'number')
      expect(subject.product).toMatchObject({ dimensions: { weight: { value: fields.battery_mass_kg, unit: 'KGM' } } });
  });

  it('never carries a restricted field', async () => {
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    const full = await prisma.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: product.id, version: 1 } },
    });
    const stored = JSON.parse(Buffer.from(full.snapshot).toString('utf8')).fields as Record<string, unknown>;
    const { payload } = await verifyWithDid(await credentialOf(product.slug, 1), company.slug);
    const signed = (payload as Credential).credentialSubject.batteryPassport.fields as Record<string, unknown>;
    const restricted = Object.keys(stored).filter((k) => !(k in signed));
    expect(restricted.length).toBeGreaterThan(0);
    for (const key of restricted) expect(JSON.stringify(payload)).not.toContain(`"${key}"`);
  });

  it('answers like the snapshot: 404 for an unknown version or a withdrawn passport, 503 for altered stored bytes', async () => {
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    const draft = await createTestProduct(prisma, { companyId: company.id });
    expect(await refusal(credentialOf(product.slug, 2))).toBe('VERSION_NOT_FOUND');
    expect(await refusal(credentialOf(draft.slug, 1))).toBe('PRODUCT_NOT_FOUND');
    expect(await refusal(publicRepresentation({ form: 'credential', slug: product.slug, version: '01' }))).toBe(
      'INVALID_VERSION',
    );
    await prisma.$transaction([
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" DISABLE TRIGGER "PassportCredential_append_only"'),
      prisma.$executeRaw`UPDATE "PassportCredential" SET "jwt" = "jwt" || 'x' WHERE "productId" = ${product.id}::uuid`,
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" ENABLE TRIGGER "PassportCredential_append_only"'),
    ]);
    expect(await refusal(credentialOf(product.slug, 1))).toBe('CREDENTIAL_INTEGRITY_FAILURE');
    const other = await createPublishedPassport(prisma, { companyId: company.id });
    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: other.id, reason: 'Recalled' } });
    expect(await refusal(credentialOf(other.slug, 1))).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('status', () => {
  it('withdrawal revokes every version, deprecation suspends and reinstatement lifts the suspension', async () => {
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    const { payload } = await verifyWithDid(await credentialOf(product.slug, 1), company.slug);
    const [revocation, suspension] = (payload as Credential).credentialStatus;
    expect(revocation.statusPurpose).toBe('revocation');
    expect(suspension.statusPurpose).toBe('suspension');
    expect(suspension.statusListIndex).toBe(revocation.statusListIndex);
    const index = Number(revocation.statusListIndex);
    const bits = async () => [
      await statusBit(revocation.statusListCredential, index, company.slug),
      await statusBit(suspension.statusListCredential, index, company.slug),
    ];
    expect(await bits()).toEqual([0, 0]);
    await deprecateProduct({ ctx: ctxOf(company.id), input: { productId: product.id } });
    expect(await bits()).toEqual([0, 1]);
    await reinstateProduct({ ctx: ctxOf(company.id), input: { productId: product.id } });
    expect(await bits()).toEqual([0, 0]);
    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: product.id, reason: 'Recalled' } });
    expect(await bits()).toEqual([1, 0]);
  });

  it('gives each credential its own index, in an order that says nothing about issuance, in its company’s own lists', async () => {
    const other = await createTestCompany(prisma);
    const a = await createPublishedPassport(prisma, { companyId: company.id });
    const b = await createPublishedPassport(prisma, { companyId: other.id });
    const slots = await prisma.passportCredential.findMany({
      where: { productId: { in: [a.id, b.id] } },
      include: { statusList: { select: { companyId: true } } },
    });
    expect(slots.map((s) => s.statusList.companyId).sort()).toEqual([company.id, other.id].sort());
    // The permutation never gives two ordinals one index, and every index is inside the list.
    const key = new Uint8Array(32).fill(7);
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) seen.add(permutedIndex(key, i));
    expect(seen.size).toBe(20_000);
    expect(Math.max(...seen)).toBeLessThan(STATUS_LIST_BITS);
    const firstTen = Array.from({ length: 10 }, (_, i) => permutedIndex(key, i));
    expect(firstTen).not.toEqual([...firstTen].sort((x, y) => x - y));
  });
});

describe('concurrency', () => {
  it('publications and withdrawals of one company at once all commit, each credential in its own slot', async () => {
    const busy = await createTestCompany(prisma);
    const earlier = await Promise.all(
      Array.from({ length: 4 }, () => createPublishedPassport(prisma, { companyId: busy.id })),
    );
    const later = await Promise.all([
      ...Array.from({ length: 8 }, () => createPublishedPassport(prisma, { companyId: busy.id })),
      ...earlier.map((p) => withdrawProduct({ ctx: ctxOf(busy.id), input: { productId: p.id, reason: 'Recalled' } })),
    ]);
    expect(later).toHaveLength(12);
    const slots = await prisma.passportCredential.findMany({
      where: { statusList: { companyId: busy.id } },
      select: { statusListId: true, statusIndex: true },
    });
    expect(slots).toHaveLength(12);
    expect(new Set(slots.map((s) => `${s.statusListId} ${s.statusIndex}`)).size).toBe(12);
    const list = await prisma.statusList.findFirstOrThrow({ where: { companyId: busy.id } });
    expect(list.allocated).toBe(12);
    const revoked = Buffer.from(list.revocation);
    const withdrawnSlots = await prisma.passportCredential.findMany({
      where: { productId: { in: earlier.map((p) => p.id) } },
    });
    for (const s of withdrawnSlots) expect((revoked[s.statusIndex >> 3] >> (7 - (s.statusIndex % 8))) & 1).toBe(1);
  });
});

describe('versions published before credentials existed', () => {
  it("get theirs from the backfill, with the status their passport's state gives, once", async () => {
    const kept = await createPublishedPassport(prisma, { companyId: company.id });
    const withdrawn = await createPublishedPassport(prisma, { companyId: company.id });
    await withdrawProduct({ ctx: ctxOf(company.id), input: { productId: withdrawn.id, reason: 'Recalled' } });
    // As an upgraded database holds them: versions without a credential.
    await prisma.$transaction([
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" DISABLE TRIGGER "PassportCredential_append_only"'),
      prisma.$executeRaw`DELETE FROM "PassportCredential" WHERE "productId" IN (${kept.id}::uuid, ${withdrawn.id}::uuid)`,
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" ENABLE TRIGGER "PassportCredential_append_only"'),
    ]);
    expect(await refusal(credentialOf(kept.slug, 1))).toBe('CREDENTIAL_INTEGRITY_FAILURE');
    const revision = async () => (await prisma.product.findUniqueOrThrow({ where: { id: kept.id } })).revision;
    const before = await revision();
    const first = await issueMissingCredentials();
    // A new revision, so stored pages are made again with the credential's link.
    expect(await revision()).toBeGreaterThan(before);
    expect(first.issued).toBeGreaterThanOrEqual(2);
    const { payload } = await verifyWithDid(await credentialOf(kept.slug, 1), company.slug);
    expect((payload as Credential).validFrom).toBe(kept.lastPublishedAt?.toISOString());
    const slot = await prisma.passportCredential.findUniqueOrThrow({
      where: { productId_version: { productId: withdrawn.id, version: 1 } },
      include: { statusList: true },
    });
    const revoked = Buffer.from(slot.statusList.revocation);
    expect((revoked[slot.statusIndex >> 3] >> (7 - (slot.statusIndex % 8))) & 1).toBe(1);
    expect((await issueMissingCredentials()).issued).toBe(0);
  });
});

describe('issuer keys', () => {
  it('a rotation keeps earlier credentials verifiable and signs later ones with the new key', async () => {
    const first = await createPublishedPassport(prisma, { companyId: company.id });
    const rotated = await rotateIssuerKey({ ctx: ctxOf(company.id) });
    const second = await createPublishedPassport(prisma, { companyId: company.id });
    const old = await verifyWithDid(await credentialOf(first.slug, 1), company.slug);
    const fresh = await verifyWithDid(await credentialOf(second.slug, 1), company.slug);
    expect(old.header.kid).toBe(`${rotated.did}#${rotated.previousKid}`);
    expect(fresh.header.kid).toBe(`${rotated.did}#${rotated.kid}`);
    const did = await didDocument(company.slug);
    expect(did.verificationMethod[0].id).toBe(fresh.header.kid);
    const audit = await prisma.auditLog.findFirst({ where: { companyId: company.id, eventType: 'IssuerKeyRotated' } });
    expect(audit?.eventContext).toEqual({ kid: rotated.kid, previousKid: rotated.previousKid });
  });

  it('a key that does not decrypt fails the publication whole: no version, no credential, state unchanged', async () => {
    const broken = await createTestCompany(prisma);
    await createPublishedPassport(prisma, { companyId: broken.id });
    await prisma.issuerKey.updateMany({
      where: { companyId: broken.id },
      data: { privateKey: 'v1:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA==:AAAA' },
    });
    const draft = await createTestProduct(prisma, { companyId: broken.id, state: 'SUBMITTED' });
    const refused = await refusal(approveProduct({ ctx: ctxOf(broken.id), input: { productId: draft.id } }));
    expect(refused).toBe('ISSUER_KEY_UNAVAILABLE');
    expect(await prisma.passportVersion.count({ where: { productId: draft.id } })).toBe(0);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).state).toBe('SUBMITTED');
    // Rotation is the cure.
    await rotateIssuerKey({ ctx: ctxOf(broken.id) });
    await approveProduct({ ctx: ctxOf(broken.id), input: { productId: draft.id } });
    expect(await prisma.passportCredential.count({ where: { productId: draft.id } })).toBe(1);
  });

  it('a company that never signed has no DID document; an unknown list or purpose is 404', async () => {
    const fresh = await createTestCompany(prisma);
    expect(await refusal(didDocument(fresh.slug))).toBe('ISSUER_NOT_FOUND');
    expect(await refusal(statusListCredential(company.slug, '999', 'revocation'))).toBe('STATUS_LIST_NOT_FOUND');
    expect(await refusal(statusListCredential(company.slug, '1', 'message'))).toBe('STATUS_LIST_NOT_FOUND');
    expect(await refusal(statusListCredential(company.slug, '01', 'revocation'))).toBe('STATUS_LIST_NOT_FOUND');
  });
});
