import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassportSeeder } from '../../bench/seed';
import { issuanceShare } from '../../bench/signing';
import { didDocument } from '../credentials/documents';
import { disconnectPrisma, prisma } from '../db/client';
import { publicRepresentation } from '../passport/public/representations';

let seeder: PassportSeeder;
beforeAll(async () => {
  seeder = await PassportSeeder.create(prisma, process.env.DATABASE_URL!);
  // Four templates published through the real verb, then clones in two batches of the seeder's SQL.
  await seeder.growTo(6);
  await seeder.growTo(9);
}, 120_000);
afterAll(async () => {
  await seeder.close();
  await disconnectPrisma();
});

const slugOf = async (companyId: string) => (await prisma.company.findUniqueOrThrow({ where: { id: companyId } })).slug;

describe('bench seeding of signed passports (scenario 9)', () => {
  it('gives every seeded passport a credential the route serves, signed by a key of its DID document', async () => {
    const did = await didDocument(await slugOf(seeder.companyId));
    for (const passport of seeder.passports) {
      const served = await publicRepresentation({ form: 'credential', slug: passport.slug, version: '1' });
      const jws = served.bytes.toString('utf8');
      const header = decodeProtectedHeader(jws);
      const method = did.verificationMethod.find((m) => m.id === header.kid);
      expect(method, passport.slug).toBeDefined();
      const { payload } = await compactVerify(jws, await importJWK(method!.publicKeyJwk as JWK, 'EdDSA'));
      const credential = JSON.parse(Buffer.from(payload).toString('utf8'));
      expect(credential.credentialSubject.product.serialNumber).toBe(passport.serial);
      expect(credential.id).toContain(`/api/dpp/${passport.slug}/v/1/credential`);
    }
  });

  it('gives the clones status slots of their own, distinct from the published templates', async () => {
    const rows = await prisma.passportCredential.findMany({
      where: { productId: { in: seeder.passports.map((p) => p.id) } },
      select: { statusListId: true, statusIndex: true },
    });
    expect(rows).toHaveLength(9);
    expect(new Set(rows.map((r) => `${r.statusListId} ${r.statusIndex}`)).size).toBe(9);
    const list = await prisma.statusList.findFirstOrThrow({ where: { companyId: seeder.companyId } });
    expect(list.allocated).toBe(9);
  });

  it('measures publication against issuance alone without leaving the rolled-back versions behind', async () => {
    const row = await issuanceShare(prisma, seeder.companyId, { count: 3, warmup: 1 });
    expect(row.requests).toBe(3);
    expect(row.addedShare).toBeGreaterThan(0);
    expect(Number.isFinite(row.addedShare)).toBe(true);
    // Four publications, each with its credential; the issuances alone rolled back (no version 2, no extra slot).
    const published = await prisma.product.findMany({
      where: { companyId: seeder.companyId, name: { startsWith: 'Bench Signed ' } },
      select: { id: true, version: true, state: true },
    });
    expect(published).toHaveLength(4);
    for (const p of published) expect(p).toMatchObject({ version: 1, state: 'APPROVED' });
    const ids = published.map((p) => p.id);
    expect(await prisma.passportCredential.count({ where: { productId: { in: ids } } })).toBe(4);
    expect(await prisma.passportVersion.count({ where: { productId: { in: ids } } })).toBe(4);
    const list = await prisma.statusList.findFirstOrThrow({ where: { companyId: seeder.companyId } });
    expect(list.allocated).toBe(13);
  });
});
