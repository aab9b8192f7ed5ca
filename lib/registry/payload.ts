import { config } from '../config';
import { passportPath } from '../gs1/digital-link';

/**
 * The registry adapter's payload: the one module that knows what a registration says and how it is spelled on the
 * wire. The Commission's implementing regulation on the digital product passport registry (Art. 13 of Regulation
 * (EU) 2024/1781) names the data an economic operator uploads, but the registry's API is not public yet: when it
 * is, this module (and `RegistryClient`'s HTTP implementation) is what changes. docs/decisions.md, "EU registry
 * registration", says where each member comes from.
 */

/** The passport's state as the registry knows it: served, withdrawn (for good) or deprecated (may return). */
export type RegistryPassportStatus = 'active' | 'withdrawn' | 'deprecated';

/** One registration as the service sends it, whole, on every create and update. */
export interface RegistryRecord {
  /** The unique product identifier: the GS1 Digital Link URI where a GTIN exists, else the passport's own URI. */
  uniqueProductIdentifier: string;
  /** Where the passport is served (the address its data carrier encodes). */
  passportUrl: string;
  /** The machine-readable passport (JSON) at that address. */
  passportDataUrl: string;
  /** The 8-digit Combined Nomenclature code (heading 8507). */
  commodityCode: string;
  economicOperatorIdentifier: string;
  economicOperatorName: string;
  passportStatus: RegistryPassportStatus;
  /** The registered version and the SHA-256 of its stored bytes. */
  passportVersion: number;
  passportVersionSha256: string;
  /** Where a back-up copy of the passport is served, when one is known (omitted otherwise). */
  backupPassportUrl?: string;
}

/** What a record is built from: the product, its company, and its current published version. */
export interface RegistrationSource {
  slug: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  state: string;
  version: number;
  versionSha256: string;
  /** The published version's fields (its snapshot's `fields`). */
  fields: Record<string, unknown>;
  company: { name: string; registrationNumber: string | null; backupUrl: string | null };
}

/** The GS1 resolver's canonical domain: a Digital Link URI names the product, whoever serves it. */
const GS1_CANONICAL = 'https://id.gs1.org';

export const COMMODITY_CODE_PATTERN = /^8507[0-9]{4}$/;

/** A record the registry would refuse, found before sending it; its message is what the operator reads. */
export class RecordIncomplete extends Error {}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function statusOf(state: string): RegistryPassportStatus {
  if (state === 'WITHDRAWN') return 'withdrawn';
  if (state === 'DEPRECATED') return 'deprecated';
  return 'active';
}

/** The record of `source`; throws `RecordIncomplete` when a member the registry requires is missing. */
export function registryRecord(source: RegistrationSource): RegistryRecord {
  const { BASE_URL: baseUrl, BACKUP_PUBLIC_URL } = config();
  const path = passportPath(source);
  // A ceased company's own back-up address wins over the service's.
  const backup = source.company.backupUrl ?? BACKUP_PUBLIC_URL ?? null;
  const commodityCode = text(source.fields.commodity_code);
  if (!commodityCode || !COMMODITY_CODE_PATTERN.test(commodityCode))
    throw new RecordIncomplete(
      'The published version has no commodity code (commodity_code, 8 digits of CN heading 8507): open a revision, move it to schema version 3 if it is older, fill the code and publish.',
    );
  const operatorIdentifier = text(source.fields.operator_identifier) ?? text(source.company.registrationNumber);
  if (!operatorIdentifier)
    throw new RecordIncomplete(
      "No economic operator identifier: fill operator_identifier in the passport or the company's registration number.",
    );
  return {
    uniqueProductIdentifier: source.gtin
      ? `${GS1_CANONICAL}${path}`
      : `${baseUrl}/dpp/${encodeURIComponent(source.slug)}`,
    passportUrl: `${baseUrl}${path}`,
    passportDataUrl: `${baseUrl}/api/dpp/${encodeURIComponent(source.slug)}`,
    commodityCode,
    economicOperatorIdentifier: operatorIdentifier,
    economicOperatorName: text(source.fields.operator_name) ?? source.company.name,
    passportStatus: statusOf(source.state),
    passportVersion: source.version,
    passportVersionSha256: source.versionSha256,
    ...(backup ? { backupPassportUrl: `${backup.replace(/\/+$/, '')}${path}` } : {}),
  };
}

/** The answer to an accepted create or update: the registry's id of the registration. */
export interface RegistryAcceptance {
  registrationId: string;
}

/** The registry's answer body, checked: its registration id, or null when it has none. */
export function acceptanceOf(body: unknown): RegistryAcceptance | null {
  const id = (body as { registrationId?: unknown } | null)?.registrationId;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? { registrationId: id } : null;
}

const RECORD_KEYS: readonly (keyof RegistryRecord)[] = [
  'uniqueProductIdentifier',
  'passportUrl',
  'passportDataUrl',
  'commodityCode',
  'economicOperatorIdentifier',
  'economicOperatorName',
  'passportStatus',
  'passportVersion',
  'passportVersionSha256',
];

/** Why a received body is not a record (the local registry's validation), or null when it is one. */
export function recordProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  const r = body as Record<string, unknown>;
  const missing = RECORD_KEYS.filter((k) => r[k] === undefined || r[k] === null || r[k] === '');
  if (missing.length) return `missing: ${missing.join(', ')}`;
  for (const k of ['uniqueProductIdentifier', 'passportUrl', 'passportDataUrl'] as const)
    if (typeof r[k] !== 'string' || !URL.canParse(r[k] as string)) return `${k} is not a URI`;
  if (typeof r.commodityCode !== 'string' || !COMMODITY_CODE_PATTERN.test(r.commodityCode))
    return 'commodityCode is not a CN code of heading 8507';
  if (!['active', 'withdrawn', 'deprecated'].includes(r.passportStatus as string)) return 'passportStatus is unknown';
  if (!Number.isInteger(r.passportVersion) || (r.passportVersion as number) < 1) return 'passportVersion is invalid';
  if (typeof r.passportVersionSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(r.passportVersionSha256))
    return 'passportVersionSha256 is not a SHA-256';
  if (
    r.backupPassportUrl !== undefined &&
    (typeof r.backupPassportUrl !== 'string' || !URL.canParse(r.backupPassportUrl))
  )
    return 'backupPassportUrl is not a URI';
  return null;
}
