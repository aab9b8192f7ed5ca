import { config } from '../../config';
import { passportPath } from '../../gs1/digital-link';
import { getCategorySchema } from '../../schema/categories';
import { aasJson, buildAasEnvironment } from './aas';
import { type ServedBytes, servedBytes } from './served';
import type { PublicSnapshot } from './snapshot-view';

/** The members of a version's public view (lib/passport/snapshot.ts, restricted fields removed) the export reads. */
interface VersionView {
  slug: string;
  productName: string;
  batteryCategory: string;
  schemaVersion: number;
  identifiers?: { gtin?: string | null; serialNumber?: string | null; batchNumber?: string | null };
  fields?: Record<string, unknown>;
}

// Versions never change: each version's AAS is built once per process, keyed by the hash of the view it is made
// from (and the base URL its identifiers carry). Bounded: the oldest entry goes first.
const MAX_ENTRIES = 500;
const built = new Map<string, ServedBytes>();

/**
 * The AAS V3.0 environment of one recorded version (`/api/dpp/{slug}/v/{n}/aas`), made from the same public view
 * `/api/dpp/{slug}/v/{n}` serves, with the schema version that snapshot recorded.
 */
export function versionAasBody(snapshot: PublicSnapshot): ServedBytes {
  const baseUrl = config().BASE_URL;
  const key = `${snapshot.sha256} ${baseUrl}`;
  const known = built.get(key);
  if (known) return known;
  const view = JSON.parse(snapshot.bytes.toString('utf8')) as VersionView;
  const schema = getCategorySchema(view.batteryCategory, view.schemaVersion);
  if (!schema) throw new Error(`No field schema ${view.batteryCategory} v${view.schemaVersion}`);
  const identifiers = {
    slug: view.slug,
    gtin: view.identifiers?.gtin ?? null,
    serialNumber: view.identifiers?.serialNumber ?? null,
    batchNumber: view.identifiers?.batchNumber ?? null,
  };
  const environment = buildAasEnvironment(
    {
      ...identifiers,
      productName: view.productName,
      batteryCategory: view.batteryCategory,
      version: snapshot.version,
      path: passportPath(identifiers),
      schema,
      fields: view.fields ?? {},
    },
    baseUrl,
    { version: snapshot.version },
  );
  const body = servedBytes(aasJson(environment));
  if (built.size >= MAX_ENTRIES) built.delete(built.keys().next().value as string);
  built.set(key, body);
  return body;
}
