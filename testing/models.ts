// Shared by the tests of model and item passports: unique GTINs, the EV schema's model-level and item-level
// examples, and the verbs' steps from a model draft to published items.
import { randomInt } from 'node:crypto';
import { prisma } from '../lib/db/client';
import type { DomainContext } from '../lib/domain/context';
import { withCheckDigit } from '../lib/gs1/gtin';
import { createProduct } from '../lib/passport/drafts/create-product';
import { approveProduct, submitProduct } from '../lib/passport/lifecycle';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormDataOfLevel } from '../lib/schema/examples';
import { tag } from './drafts';

/** A GTIN-13 with a valid check digit, unique enough for test files sharing a database. */
export const uniqueGtin = () => withCheckDigit(`4${String(randomInt(1e11)).padStart(11, '0')}`);

export const modelExamples = (overrides: Record<string, unknown> = {}) =>
  exampleFormDataOfLevel(CATEGORY_SCHEMAS.EV_BATTERY, 'model', overrides);
export const itemExamples = (overrides: Record<string, unknown> = {}) =>
  exampleFormDataOfLevel(CATEGORY_SCHEMAS.EV_BATTERY, 'item', overrides);

/** Submit and approve through the verbs (the context must be allowed both: the System actor is). */
export async function publish(ctx: DomainContext, productId: string) {
  await submitProduct({ ctx, input: { productId } });
  return approveProduct({ ctx, input: { productId } });
}

/** An EV battery model draft with every model-level example value. */
export const modelDraft = (ctx: DomainContext, formData: Record<string, unknown> = modelExamples()) =>
  createProduct({
    ctx,
    input: { kind: 'model', name: `Model ${tag()}`, categoryCode: 'EV_BATTERY', gtin: uniqueGtin(), formData },
  });

/** An item draft of `modelId` with a fresh serial number and every item-level example value. */
export const itemDraft = (ctx: DomainContext, modelId: string, formData: Record<string, unknown> = itemExamples()) =>
  createProduct({ ctx, input: { modelId, serialNumber: `SN-${tag()}`, formData } });

/** A product's latest snapshot, parsed. */
export async function latestSnapshot(productId: string) {
  const row = await prisma.passportVersion.findFirstOrThrow({ where: { productId }, orderBy: { version: 'desc' } });
  return JSON.parse(Buffer.from(row.snapshot).toString('utf8')) as {
    version: number;
    fields: Record<string, unknown>;
    model?: { id: string; slug: string; name: string; version: number };
  };
}
