import type { Tx } from '../../db/client';
import type { Mode, ProductKind } from '../../db/generated/enums';
import { rowsOn, type SqlDb } from '../../db/sql';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';

/** The API's names of the product kinds (DB enum ProductKind). */
export type KindName = 'standalone' | 'model' | 'item';

export const KIND_NAME: Record<ProductKind, KindName> = { STANDALONE: 'standalone', MODEL: 'model', ITEM: 'item' };
export const KIND_VALUE: Record<KindName, ProductKind> = { standalone: 'STANDALONE', model: 'MODEL', item: 'ITEM' };

export const modelInvalid = (message: string, field = 'modelId') =>
  new ServiceError('MODEL_INVALID', message, { details: { field } });

/** What an item takes from its model at creation. */
export interface ModelOfItem {
  id: string;
  slug: string;
  name: string;
  gtin: string | null;
  categoryId: string;
  schemaVersion: number;
  state: string;
}

/**
 * The caller's model in the caller's mode, its row share-locked for the transaction (a model is never deleted under
 * a new item). Anything else, another tenant's model included, is MODEL_INVALID and reveals nothing.
 */
export async function modelForItem(tx: Tx, ctx: DomainContext, mode: Mode, modelId: string): Promise<ModelOfItem> {
  const refused = () => modelInvalid("modelId names no battery model of your company in this key's mode.");
  if (!isUuid(modelId)) throw refused();
  const rows = await tx.$queryRaw<ModelOfItem[]>`
    SELECT "id", "slug", "name", "gtin", "categoryId", "schemaVersion", "state"::text AS "state"
    FROM "Product"
    WHERE "id" = ${modelId}::uuid AND "companyId" = ${ctx.companyId}::uuid AND "mode"::text = ${mode}
      AND "kind" = 'MODEL'
    FOR SHARE`;
  if (rows.length === 0) throw refused();
  return rows[0];
}

/** A model's latest published version: its number, its fields and the schema version it was published on. */
export interface PublishedModel {
  id: string;
  slug: string;
  name: string;
  version: number;
  schemaVersion: number;
  /** Shared and frozen: read only. */
  fields: Readonly<Record<string, unknown>>;
}

const LATEST_VERSION = `
  SELECT v."version", v."schemaVersion", p."slug", p."name"
  FROM "PassportVersion" v JOIN "Product" p ON p."id" = v."productId"
  WHERE v."productId" = $1::uuid
  ORDER BY v."version" DESC LIMIT 1`;
const SNAPSHOT = `SELECT "snapshot" FROM "PassportVersion" WHERE "productId" = $1::uuid AND "version" = $2`;

interface LatestRow {
  version: number;
  schemaVersion: number;
  slug: string;
  name: string;
}

// A published version never changes, so its fields are parsed once per process (an import writes thousands of items
// of one model). On globalThis: route bundles share one copy.
const FIELDS = Symbol.for('battery-passport-service.published-model-fields');
const FIELDS_KEPT = 256;
type Holder = { [FIELDS]?: Map<string, Readonly<Record<string, unknown>>> };

async function fieldsOf(db: SqlDb, modelId: string, version: number): Promise<Readonly<Record<string, unknown>>> {
  const cache = ((globalThis as Holder)[FIELDS] ??= new Map());
  const key = `${modelId}:${version}`;
  const known = cache.get(key);
  if (known) return known;
  const [row] = await rowsOn<{ snapshot: Uint8Array }>(db, {
    name: 'published-model-snapshot',
    text: SNAPSHOT,
    values: [modelId, version],
  });
  const snapshot = JSON.parse(Buffer.from(row.snapshot).toString('utf8')) as { fields?: Record<string, unknown> };
  const fields = Object.freeze({ ...(snapshot.fields ?? {}) });
  if (cache.size >= FIELDS_KEPT) cache.delete(cache.keys().next().value as string);
  cache.set(key, fields);
  return fields;
}

/** The latest published version of a model (its fields read from the snapshot bytes), or null while it has none. */
export async function publishedModel(db: SqlDb, modelId: string): Promise<PublishedModel | null> {
  const [row] = await rowsOn<LatestRow>(db, { name: 'published-model', text: LATEST_VERSION, values: [modelId] });
  if (!row) return null;
  return {
    id: modelId,
    slug: row.slug,
    name: row.name,
    version: row.version,
    schemaVersion: row.schemaVersion,
    fields: await fieldsOf(db, modelId, row.version),
  };
}
