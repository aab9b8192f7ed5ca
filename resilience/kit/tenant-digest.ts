// A fingerprint of everything one tenant owns: every row of every table that belongs to the company (directly, or
// through its products, keys, suppliers, endpoints and deliveries), rows of others that point at its objects, and
// the bytes of its stored document files. Two fingerprints differ in exactly the rows that changed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../lib/db/client';

const PRODUCTS = `SELECT "id" FROM "Product" WHERE "companyId" = $1::uuid`;
const SUPPLIERS = `SELECT "id" FROM "Supplier" WHERE "companyId" = $1::uuid`;
const KEYS = `SELECT "id" FROM "ApiKey" WHERE "companyId" = $1::uuid`;
const ENDPOINTS = `SELECT "id" FROM "WebhookEndpoint" WHERE "companyId" = $1::uuid`;
const DELIVERIES = `SELECT "id" FROM "WebhookDelivery" WHERE "endpointId" IN (${ENDPOINTS})`;

/** Table, its key column, and which rows are the tenant's (or point at the tenant's). */
const TABLES: [string, string, string][] = [
  ['Company', 'id', `"id" = $1::uuid`],
  ['User', 'id', `"companyId" = $1::uuid`],
  ['Product', 'id', `"companyId" = $1::uuid OR "successorId" IN (${PRODUCTS})`],
  ['PassportVersion', 'id', `"productId" IN (${PRODUCTS})`],
  ['Supplier', 'id', `"companyId" = $1::uuid`],
  ['SupplierLink', 'id', `"companyId" = $1::uuid OR "supplierId" IN (${SUPPLIERS})`],
  ['TraceabilityEntry', 'id', `"productId" IN (${PRODUCTS}) OR "supplierId" IN (${SUPPLIERS})`],
  ['ComponentLink', 'id', `"parentId" IN (${PRODUCTS}) OR "childId" IN (${PRODUCTS})`],
  ['Gs1Prefix', 'id', `"companyId" = $1::uuid`],
  ['Document', 'id', `"companyId" = $1::uuid OR "productId" IN (${PRODUCTS})`],
  ['ApiKey', 'id', `"companyId" = $1::uuid`],
  ['IdempotencyRecord', 'id', `"apiKeyId" IN (${KEYS})`],
  ['WebhookEndpoint', 'id', `"companyId" = $1::uuid`],
  ['WebhookEvent', 'id', `"companyId" = $1::uuid`],
  ['WebhookDelivery', 'id', `"endpointId" IN (${ENDPOINTS})`],
  ['WebhookAttempt', 'id', `"deliveryId" IN (${DELIVERIES})`],
  ['ErpMapping', 'id', `"companyId" = $1::uuid`],
  ['BmsSecret', 'id', `"companyId" = $1::uuid`],
  ['LifetimeCounters', 'productId', `"productId" IN (${PRODUCTS})`],
  ['AuditLog', 'id', `"companyId" = $1::uuid OR "productId" IN (${PRODUCTS})`],
  ['PoliRequest', 'id', `"companyId" = $1::uuid`],
  ['PoliGrant', 'id', `"companyId" = $1::uuid`],
  ['EmailOutbox', 'id', `"companyId" = $1::uuid`],
  ['GdprRequest', 'id', `"companyId" = $1::uuid`],
];

/** `Table:key` → hash of the whole row (and `file:<storageKey>` → hash of a stored document's bytes). */
export type TenantDigest = Map<string, string>;

export async function tenantDigest(db: Db, companyId: string, documentsDir?: string): Promise<TenantDigest> {
  const digest: TenantDigest = new Map();
  for (const [table, key, where] of TABLES) {
    const rows = await db.$queryRawUnsafe<{ key: string; hash: string }[]>(
      `SELECT t."${key}"::text AS key, md5(row_to_json(t)::text) AS hash FROM "${table}" t WHERE ${where}`,
      companyId,
    );
    for (const row of rows) digest.set(`${table}:${row.key}`, row.hash);
  }
  if (documentsDir) {
    const files = await db.$queryRawUnsafe<{ storageKey: string }[]>(
      `SELECT "storageKey" FROM "Document" WHERE "companyId" = $1::uuid`,
      companyId,
    );
    for (const { storageKey } of files) {
      const bytes = await readFile(path.join(documentsDir, storageKey.slice(0, 2), storageKey)).catch(() =>
        Buffer.from('(missing)'),
      );
      digest.set(`file:${storageKey}`, createHash('sha256').update(bytes).digest('hex'));
    }
  }
  return digest;
}

/** The entries added, removed or changed between two digests. */
export function changedRows(before: TenantDigest, after: TenantDigest): string[] {
  const changed: string[] = [];
  for (const [key, hash] of after)
    if (before.get(key) !== hash) changed.push(before.has(key) ? `changed ${key}` : `added ${key}`);
  for (const key of before.keys()) if (!after.has(key)) changed.push(`removed ${key}`);
  return changed;
}
