// A published passport as the public lookup hands it to the document builders (JSON-LD, linkset), built in memory
// for their unit tests: the category's examples as its fields, published at PUBLISHED_AT.
import { buildPublicDpp } from '../lib/passport/public/document';
import type { PublicPassport } from '../lib/passport/public/lookup';
import { getCategorySchema } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import type { BatteryCategory } from '../lib/schema/types';

export const PUBLISHED_AT = new Date('2026-01-02T03:04:05Z');

/**
 * Product `prod-1`, "Voltaris VX 75" of the company Voltaris, at `version` of schema version 1 of `category`, with
 * the slug, identifiers and resolver path given; no version history unless `versions` lists it.
 */
export function publicPassport(input: {
  category?: BatteryCategory;
  version: number;
  product: Pick<PublicPassport['product'], 'slug' | 'path'> & Partial<PublicPassport['product']>;
  versions?: PublicPassport['versions'];
}): PublicPassport {
  const category = input.category ?? 'EV_BATTERY';
  const schema = getCategorySchema(category, 1)!;
  const fields = exampleFormData(schema);
  const product = {
    id: 'prod-1',
    name: 'Voltaris VX 75',
    gtin: null,
    serialNumber: null,
    batchNumber: null,
    companyName: 'Voltaris',
    ...input.product,
  };
  const dpp = buildPublicDpp(schema, {
    id: product.id,
    slug: product.slug,
    productName: product.name,
    batteryCategory: category,
    version: input.version,
    fields,
    publishedAt: PUBLISHED_AT,
    updatedAt: PUBLISHED_AT,
    createdAt: PUBLISHED_AT,
  });
  return { dpp, product, schema, fields, versions: input.versions ?? [], credential: null };
}
