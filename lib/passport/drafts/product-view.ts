import { config } from '../../config';
import type { Prisma } from '../../db/generated/client';
import { iso } from '../../domain/iso';
import { passportPath } from '../../gs1/digital-link';
import { KIND_NAME } from '../models/model';
import { isPubliclyServed, PUBLIC_STATE } from '../states';

/** What every product read needs besides the row: the category's code. */
export const PRODUCT_INCLUDE = { category: { select: { code: true } } } satisfies Prisma.ProductInclude;

export type ProductRow = Prisma.ProductGetPayload<{ include: typeof PRODUCT_INCLUDE }>;

/** The columns productView shows besides the category's code: what a verb written in SQL must read (put-form-data.ts). */
export const VIEWED_COLUMNS = [
  'id',
  'slug',
  'name',
  'schemaVersion',
  'kind',
  'modelId',
  'mode',
  'state',
  'lockVersion',
  'version',
  'gtin',
  'serialNumber',
  'batchNumber',
  'formData',
  'rejectionReason',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'publishedAt',
  'withdrawnAt',
  'recycledAt',
  'recycledRetainUntil',
] as const;

/** What productView shows: a ProductRow, or a verb's row read in SQL. */
export type ViewedProduct = Pick<ProductRow, (typeof VIEWED_COLUMNS)[number] | 'category'>;

// The views' types are what the functions below return (no interface repeats them); the Integration API's zod
// schemas (ProductSchema, ProductSummarySchema) describe the same shapes, and lib/integration/api/views.test.ts checks
// that they agree.
export type ProductSummary = ReturnType<typeof productSummary>;

/**
 * The public addresses of a passport while the public surfaces answer for it: published (or a revision of a
 * published one) and withdrawn (410 on JSON, the notice on the page). Sandbox passports are never public.
 */
export function publicUrls(
  p: Pick<ProductRow, 'mode' | 'state' | 'version' | 'slug' | 'gtin' | 'serialNumber' | 'batchNumber'>,
) {
  const answered = p.mode === 'LIVE' && p.version > 0 && (isPubliclyServed(p) || p.state === 'WITHDRAWN');
  if (!answered) return { passport: null, json: null, jsonld: null };
  const base = config().BASE_URL;
  const json = `${base}/api/dpp/${encodeURIComponent(p.slug)}`;
  return { passport: `${base}${passportPath(p)}`, json, jsonld: `${json}/jsonld` };
}

/** The Integration API's product: the owner's full draft (every tier), its state in both vocabularies. */
export function productView(p: ViewedProduct) {
  return { ...productSummary(p), formData: (p.formData ?? {}) as Record<string, unknown> };
}

/** The product without its form data, as lists carry it. */
export function productSummary(p: ViewedProduct) {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category.code,
    kind: KIND_NAME[p.kind],
    modelId: p.modelId,
    schemaVersion: p.schemaVersion,
    mode: p.mode === 'TEST' ? ('test' as const) : ('live' as const),
    state: p.state,
    publicState: PUBLIC_STATE[p.state],
    lockVersion: p.lockVersion,
    version: p.version,
    gtin: p.gtin,
    serialNumber: p.serialNumber,
    batchNumber: p.batchNumber,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    submittedAt: iso(p.submittedAt),
    publishedAt: iso(p.publishedAt),
    withdrawnAt: iso(p.withdrawnAt),
    recycledAt: iso(p.recycledAt),
    recycledRetainUntil: iso(p.recycledRetainUntil),
    rejectionReason: p.rejectionReason,
    urls: publicUrls(p),
  };
}
