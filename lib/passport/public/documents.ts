import { config } from '../../config';
import { batchedLookup } from '../../db/batch';
import { type Db, prisma, type Tx } from '../../db/client';
import { logger } from '../../log';
import { isStorableText } from '../../storable-text';
import { isPubliclyServed } from '../states';
import { loadPublicPassport, lookupPublicPassport, type PublicPassport } from './lookup';
import {
  aasBody,
  dppBody,
  jsonLdBody,
  productNotFound,
  productWithdrawn,
  type ServedBytes,
  strongEtag,
} from './served';

/**
 * The stored public documents (table PublicDocument): the JSON of /api/dpp/{slug}, the JSON-LD and the AAS
 * environment of a published passport, serialized once per revision of its product, with their ETags. A stored document serves only while its
 * revision equals the product's: the product's revision is bumped by a trigger on every change to the row (and on
 * a rename of its company), in the same commit, so a withdrawal, a new version or a BMS value makes it stale at
 * once, on every instance, with no invalidation message. Publication writes the document in its own transaction;
 * any read that finds none current builds it once and stores it (a BMS update leaves the rebuild to the next read:
 * telemetry usually arrives far more often than anyone reads it).
 */
export type PublicForm = 'dpp' | 'jsonld' | 'aas';

interface StoredRow {
  slug: string;
  state: string;
  version: number;
  revision: number;
  docRevision: number | null;
  baseUrl: string | null;
  body: string | null;
  etag: string | null;
}

/**
 * The products' states and revisions with their stored documents of one form, by slug: one indexed read of the
 * slugs a turn of the event loop asked for (lib/db/batch.ts), one column of text per passport.
 */
const stored = (form: PublicForm, etag: string) =>
  batchedLookup<string, StoredRow>({
    name: `public-documents-${form}`,
    text: `
  SELECT p."slug", p."state"::text AS "state", p."version", p."revision", d."revision" AS "docRevision", d."baseUrl",
         d."${form}" AS "body", d."${etag}" AS "etag"
  FROM "Product" p LEFT JOIN "PublicDocument" d ON d."productId" = p."id"
  WHERE p."slug" = ANY($1::text[]) AND p."mode" = 'LIVE'`,
    values: (slugs) => [slugs],
    keyOf: (slug) => slug,
    keyOfRow: (row) => row.slug,
  });
const readStored: Record<PublicForm, (slug: string) => Promise<StoredRow | undefined>> = {
  dpp: stored('dpp', 'dppEtag'),
  jsonld: stored('jsonld', 'jsonldEtag'),
  aas: stored('aas', 'aasEtag'),
};

const BODIES: Record<PublicForm, (passport: PublicPassport) => ServedBytes> = {
  dpp: dppBody,
  jsonld: jsonLdBody,
  aas: aasBody,
};

/**
 * The bytes `/api/dpp/{slug}` (`dpp`), `/api/dpp/{slug}/jsonld` (`jsonld`) or `/api/dpp/{slug}/aas` (`aas`) serve: one query (shared with the
 * other reads of the turn) when the passport's current document is stored; otherwise the full public lookup decides
 * (404, 410 with the withdrawal, or the passport, whose document is then stored for the next read).
 */
export async function publicDocumentBySlug(slug: string, form: PublicForm): Promise<ServedBytes> {
  if (!isStorableText(slug)) throw productNotFound();
  const row = await readStored[form](slug);
  if (!row) throw productNotFound();
  const servable = isPubliclyServed({ state: row.state as never, version: row.version });
  if (!servable && row.state !== 'WITHDRAWN') throw productNotFound();
  if (
    servable &&
    row.body !== null &&
    row.etag !== null &&
    row.docRevision === row.revision &&
    row.baseUrl === config().BASE_URL
  ) {
    const bytes = Buffer.from(row.body, 'utf8');
    // The ETag is the hash of the bytes: a stored document that no longer matches it is rebuilt, never served.
    if (strongEtag(bytes) === row.etag) return { bytes, etag: row.etag };
    logger().warn({ slug, form }, 'stored public document does not match its hash; rebuilding it');
  }
  const { lookup, revision } = await lookupPublicPassport({ slug });
  if (lookup.kind === 'not_found') throw productNotFound();
  if (lookup.kind === 'withdrawn') throw productWithdrawn(lookup.withdrawal);
  if (revision !== undefined) {
    // Storing is an optimisation: a failure (the product deleted meanwhile, a lost connection) costs the next
    // read a rebuild, never this answer.
    await storeDocument(prisma, lookup.passport, revision).catch((err: unknown) =>
      logger().warn({ err, productId: lookup.passport.product.id }, 'public document not stored'),
    );
  }
  return BODIES[form](lookup.passport);
}

/** Writes the documents of `passport` as built from `revision`; a document of a later revision is never replaced. */
export async function storeDocument(db: Db | Tx, passport: PublicPassport, revision: number): Promise<void> {
  const dpp = dppBody(passport);
  const jsonld = jsonLdBody(passport);
  const aas = aasBody(passport);
  await db.$executeRaw`
    INSERT INTO "PublicDocument" ("productId", "revision", "baseUrl", "dpp", "dppEtag", "jsonld", "jsonldEtag", "aas", "aasEtag", "builtAt")
    VALUES (${passport.product.id}::uuid, ${revision}, ${config().BASE_URL}, ${dpp.bytes.toString('utf8')}, ${dpp.etag},
            ${jsonld.bytes.toString('utf8')}, ${jsonld.etag}, ${aas.bytes.toString('utf8')}, ${aas.etag}, now())
    ON CONFLICT ("productId") DO UPDATE SET
      "revision" = EXCLUDED."revision", "baseUrl" = EXCLUDED."baseUrl", "dpp" = EXCLUDED."dpp",
      "dppEtag" = EXCLUDED."dppEtag", "jsonld" = EXCLUDED."jsonld", "jsonldEtag" = EXCLUDED."jsonldEtag",
      "aas" = EXCLUDED."aas", "aasEtag" = EXCLUDED."aasEtag", "builtAt" = EXCLUDED."builtAt"
    WHERE "PublicDocument"."revision" <= EXCLUDED."revision"`;
}

/**
 * Builds and stores the current document of the passport at `slug` through `db` (publication calls it inside its
 * transaction, after its last change to the product); removes a stored one when the passport is not served.
 */
export async function refreshPublicDocument(db: Db | Tx, slug: string): Promise<void> {
  const { lookup, revision } = await loadPublicPassport({ slug }, db);
  if (lookup.kind === 'published' && revision !== undefined) {
    await storeDocument(db, lookup.passport, revision);
    return;
  }
  await db.$executeRaw`DELETE FROM "PublicDocument" d USING "Product" p WHERE d."productId" = p."id" AND p."slug" = ${slug}`;
}
