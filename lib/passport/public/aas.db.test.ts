import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { aasCore as aas } from './aas-core';
import { versionAasBody } from './aas-version';
import { publicDocumentBySlug } from './documents';
import { findPublicPassport } from './lookup';
import { aasBody } from './served';
import { publicSnapshotBySlug } from './snapshot-view';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterAll(() => disconnectPrisma());

const environmentOf = (bytes: Buffer) => {
  const parsed = aas.jsonization.environmentFromJsonable(JSON.parse(bytes.toString('utf8')));
  if (parsed.error !== null) throw new Error(parsed.error.message);
  return parsed.mustValue();
};
const errorsOf = (bytes: Buffer) => [...aas.verification.verify(environmentOf(bytes))].map((e) => e.message);

describe('stored AAS export', () => {
  it('publication stores the AAS beside the JSON, built once per revision: the read serves those bytes and ETag', async () => {
    const product = await createPublishedPassport(prisma, {
      companyId,
      formData: { accident_information: 'restricted accident note', manufacturer_name: 'Stored AAS GmbH' },
    });
    const row = await prisma.publicDocument.findUniqueOrThrow({ where: { productId: product.id } });
    const lookup = await findPublicPassport({ slug: product.slug });
    if (lookup.kind !== 'published') throw new Error('not published');
    expect(row.aas).toBe(aasBody(lookup.passport).bytes.toString('utf8'));
    expect(row.aasEtag).toBe(aasBody(lookup.passport).etag);
    const served = await publicDocumentBySlug(product.slug, 'aas');
    expect(served.etag).toBe(row.aasEtag);
    expect(served.bytes.toString('utf8')).toContain('Stored AAS GmbH');
    expect(served.bytes.toString('utf8')).not.toContain('restricted accident note');
    expect(errorsOf(served.bytes)).toEqual([]);
  });

  it('a document stored before the AAS existed (no aas column value) is rebuilt by the next AAS read and stored', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    await prisma.$executeRaw`UPDATE "PublicDocument" SET "aas" = NULL, "aasEtag" = NULL WHERE "productId" = ${product.id}::uuid`;
    const served = await publicDocumentBySlug(product.slug, 'aas');
    expect(errorsOf(served.bytes)).toEqual([]);
    const row = await prisma.publicDocument.findUniqueOrThrow({ where: { productId: product.id } });
    expect(row.aasEtag).toBe(served.etag);
  });

  it('a recorded version has its AAS, made from the public view the version serves, naming the version', async () => {
    const product = await createPublishedPassport(prisma, {
      companyId,
      formData: { manufacturer_name: 'Version AAS GmbH', putting_into_service_date: '2025-06-01' },
    });
    const snapshot = await publicSnapshotBySlug(product.slug, 1);
    const body = versionAasBody(snapshot);
    expect(errorsOf(body.bytes)).toEqual([]);
    const environment = environmentOf(body.bytes);
    expect(environment.assetAdministrationShells?.[0]?.id).toMatch(new RegExp(`/api/dpp/${product.slug}/v/1/aas$`));
    expect(body.bytes.toString('utf8')).toContain('Version AAS GmbH');
    // putting_into_service_date is restricted: the version's public view never had it.
    expect(body.bytes.toString('utf8')).not.toContain('2025-06-01');
    expect(versionAasBody(snapshot)).toBe(body);
  });
});
