import { createHash } from 'node:crypto';
import { config } from '../config';
import { sha256Hex } from '../crypto/secrets';
import type { Tx } from '../db/client';
import { passportPath } from '../gs1/digital-link';
import { CATEGORY_INFO, isBatteryCategory } from '../schema/categories';
import { currentSigningKey } from './keys';
import { type Issuer, issuerOf, signCredential } from './sign';
import { allocateStatusSlot, statusEntries, takeSlotWithKey } from './status';
import { untpProductMembers, untpSubjectMembers } from './untp';
import {
  CREDENTIAL_SEGMENT,
  PASSPORT_CREDENTIAL_TYPES,
  PASSPORT_DOCUMENT_MEMBER,
  PASSPORT_SUBJECT_TYPE,
  UNTP_DPP_CONTEXT,
  VC_CONTEXT_V2,
} from './vocabulary';

/** What a version's credential is made of: the product's identity, its company, and the version's public view. */
export interface CredentialSource {
  id: string;
  slug: string;
  name: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  category: { code: string };
  company: { id: string; slug: string; name: string };
  version: number;
  publishedAt: Date;
  /** The bytes `/api/dpp/{slug}/v/{version}` serves (canonical JSON of the public view) */
  publicView: Buffer;
}

const versionUrl = (baseUrl: string, slug: string, version: number) =>
  `${baseUrl}/api/dpp/${encodeURIComponent(slug)}/v/${version}`;

/** UNTP's granularity of what the passport describes: one serialised item, a batch, or a model. */
const granularity = (p: CredentialSource) => (p.serialNumber ? 'item' : p.batchNumber ? 'batch' : 'model');

/**
 * The UNTP `Product` members the passport carries (docs/data-model.md, "The credential and UNTP"): the GS1
 * Digital Link address as identifier, the GTIN under the GTIN scheme, serial and batch, the battery category,
 * the company that issues it as producer, and production date, country and weight from the public fields.
 */
function untpProduct(p: CredentialSource, issuer: Issuer, baseUrl: string, fields: Record<string, unknown>) {
  const category = isBatteryCategory(p.category.code) ? CATEGORY_INFO[p.category.code] : null;
  return {
    type: ['Product'],
    id: `${baseUrl}${passportPath(p)}`,
    name: p.name,
    ...(p.gtin
      ? {
          registeredId: p.gtin,
          idScheme: {
            type: ['IdentifierScheme'],
            id: 'https://id.gs1.org/01/',
            name: 'Global Trade Item Number (GTIN)',
          },
        }
      : {}),
    ...(p.serialNumber ? { serialNumber: p.serialNumber } : {}),
    ...(p.batchNumber ? { batchNumber: p.batchNumber } : {}),
    productCategory: [
      {
        type: ['Classification'],
        code: p.category.code,
        name: category?.name ?? p.category.code,
        schemeName: 'Battery categories of Regulation (EU) 2023/1542',
      },
    ],
    producedByParty: { type: ['Party'], id: issuer.did, name: issuer.name },
    ...untpProductMembers(fields),
  };
}

/** The unsigned credential of one published version (VC Data Model 2.0, UNTP Digital Product Passport). */
export function passportCredential(p: CredentialSource, issuer: Issuer, statusList: ReturnType<typeof statusEntries>) {
  const baseUrl = config().BASE_URL;
  const documentUrl = versionUrl(baseUrl, p.slug, p.version);
  const digest = createHash('sha256').update(p.publicView).digest('base64');
  const view = JSON.parse(p.publicView.toString('utf8'));
  const fields = (view.fields ?? {}) as Record<string, unknown>;
  return {
    '@context': [VC_CONTEXT_V2, UNTP_DPP_CONTEXT],
    id: `${documentUrl}/${CREDENTIAL_SEGMENT}`,
    type: [...PASSPORT_CREDENTIAL_TYPES],
    issuer: { id: issuer.did, name: issuer.name },
    validFrom: p.publishedAt.toISOString(),
    credentialSubject: {
      id: documentUrl,
      type: [PASSPORT_SUBJECT_TYPE],
      granularityLevel: granularity(p),
      product: untpProduct(p, issuer, baseUrl, fields),
      ...untpSubjectMembers(fields),
      [PASSPORT_DOCUMENT_MEMBER]: view,
    },
    relatedResource: [{ id: documentUrl, mediaType: 'application/json', digestSRI: `sha256-${digest}` }],
    credentialStatus: statusList,
  };
}

/**
 * Issues and stores the credential of a version just written, in the publication's transaction: the company's
 * current key signs it (a key that cannot sign fails the publication whole), a slot of its status lists is
 * taken, and the row is append-only like the version it signs. Two statements in the usual case: the key with
 * the slot, and the insert.
 */
export async function issuePassportCredential(tx: Tx, source: CredentialSource): Promise<void> {
  const companyId = source.company.id;
  const taken = await takeSlotWithKey(tx, companyId);
  const key = await currentSigningKey(tx, companyId, taken.key);
  const issuer = issuerOf(source.company);
  const slot = taken.slot ?? (await allocateStatusSlot(tx, companyId, issuer, key));
  const jwt = await signCredential(issuer, key, passportCredential(source, issuer, statusEntries(issuer, slot)));
  await tx.$executeRaw`
    INSERT INTO "PassportCredential" ("productId", "version", "statusListId", "statusIndex", "kid", "jwt", "sha256", "issuedAt")
    VALUES (${source.id}::uuid, ${source.version}, ${slot.listId}::uuid, ${slot.index}, ${key.kid}, ${jwt},
      ${sha256Hex(jwt)}, ${new Date()})`;
}
