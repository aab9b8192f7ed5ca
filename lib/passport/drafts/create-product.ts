import { prisma, type Tx } from '../../db/client';
import type { Product } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import { inTransaction } from '../../db/transaction';
import type { DomainContext, VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import type { LevelSubject } from '../../schema/levels';
import type { CategorySchema } from '../../schema/types';
import { KIND_VALUE, type KindName, modelForItem, modelInvalid, publishedModel } from '../models/model';
import { currentCategorySchema, loadCategorySchema } from '../schema-version';
import { recordProductChange } from '../transitions/record';
import { requireRole } from '../transitions/result';
import { applyFormData } from './form-data';
import {
  creationChecks,
  refuseTaken,
  uniqueViolationAsConflict,
  validGtin,
  validName,
  validQualifier,
} from './identity';
import { requireProductQuota } from './plan-limit';
import type { ProductRow } from './product-view';
import { claimSlug, slugBase } from './slug';

export interface CreateProductInput {
  /** Required for models and standalone passports; an item without one is named `<model name> · <serial or batch>`. */
  name?: string | null;
  /** Required for models and standalone passports; an item takes its model's category and schema version. */
  categoryCode?: string | null;
  /** `model` for a battery model; an item is created by naming its model (`modelId`). Default: standalone. */
  kind?: KindName | null;
  /** The item's model: a model of the caller's company in the caller's mode. */
  modelId?: string | null;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
  slug?: string | null;
  formData?: Record<string, unknown> | null;
}

/** Those who author passports: editors in the portal, integration keys, the system. */
export const AUTHOR_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];

const required = (path: string, message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { issues: [{ path, code: 'required', message }] } });

/** The kind asked for: `kind` and `modelId` must agree (a model has no model; an item names one). */
function kindOf(input: CreateProductInput): KindName {
  const kind = input.kind ?? (input.modelId ? 'item' : 'standalone');
  if (input.modelId && kind !== 'item')
    throw modelInvalid(`A ${kind} has no model: send modelId only for an item (no kind, or kind "item").`);
  if (kind === 'item' && !input.modelId) throw modelInvalid('An item names its model: modelId is required.');
  return kind;
}

interface Plan {
  kind: KindName;
  name: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  categoryId: string;
  schema: CategorySchema;
  modelId: string | null;
  subject: LevelSubject;
}

/** A model or standalone passport: its own name, category (current schema version) and GTIN. */
async function ownPlan(tx: Tx, input: CreateProductInput, kind: KindName): Promise<Plan> {
  if (!input.name) throw required('name', 'A product needs a name.');
  if (!input.categoryCode) throw required('categoryCode', 'A product needs a categoryCode.');
  const name = validName(input.name);
  const gtin = validGtin(input.gtin ?? null);
  if (kind === 'model' && !gtin) throw required('gtin', 'A battery model needs a GTIN: its items share it.');
  const { categoryId, schema } = await currentCategorySchema(tx, input.categoryCode);
  return {
    kind,
    name,
    gtin,
    serialNumber: validQualifier('serialNumber', input.serialNumber ?? null),
    batchNumber: validQualifier('batchNumber', input.batchNumber ?? null),
    categoryId,
    schema,
    modelId: null,
    subject: { kind: kind === 'model' ? 'model' : 'standalone' },
  };
}

/** An item: its model's category, schema version and GTIN; its own serial or batch number. */
async function itemPlan(tx: Tx, ctx: DomainContext, mode: Mode, input: CreateProductInput): Promise<Plan> {
  const model = await modelForItem(tx, ctx, mode, input.modelId ?? '');
  const serialNumber = validQualifier('serialNumber', input.serialNumber ?? null);
  const batchNumber = validQualifier('batchNumber', input.batchNumber ?? null);
  if (!serialNumber && !batchNumber)
    throw required(
      'serialNumber',
      'An item needs a serialNumber or a batchNumber: it is one unit (or batch) of its model.',
    );
  const gtin = input.gtin ? validGtin(input.gtin) : model.gtin;
  if (gtin !== model.gtin) throw modelInvalid("An item carries its model's GTIN; this GTIN is another.", 'gtin');
  if (input.categoryCode) {
    const category = await tx.category.findUnique({ where: { code: input.categoryCode }, select: { id: true } });
    if (category?.id !== model.categoryId)
      throw modelInvalid("An item takes its model's category; this categoryCode is another.", 'categoryCode');
  }
  const published = await publishedModel(tx, model.id);
  return {
    kind: 'item',
    name: validName(input.name || `${model.name} · ${serialNumber ?? batchNumber}`),
    gtin,
    serialNumber,
    batchNumber,
    categoryId: model.categoryId,
    schema: await loadCategorySchema(tx, model.categoryId, model.schemaVersion),
    modelId: model.id,
    subject: { kind: 'item', modelFields: published?.fields ?? {} },
  };
}

/**
 * A new draft in the caller's mode: a standalone passport or a model on its category's current schema version, or
 * an item of one of the caller's models (on the model's category and schema version, with the model's GTIN).
 */
export async function createProduct({ ctx, input, db = prisma }: VerbArgs<CreateProductInput>): Promise<ProductRow> {
  requireRole(ctx, AUTHOR_ROLES, 'create a passport');
  const kind = kindOf(input);
  const mode = ctx.mode ?? 'LIVE';
  try {
    return await inTransaction(db, async (tx) => {
      const plan = kind === 'item' ? await itemPlan(tx, ctx, mode, input) : await ownPlan(tx, input, kind);
      const { schema } = plan;
      const { formData, changed } = applyFormData(schema, {}, input.formData ?? {}, plan.subject);
      const identity = {
        name: plan.name,
        gtin: plan.gtin,
        serialNumber: plan.serialNumber,
        batchNumber: plan.batchNumber,
      };
      const checks = await creationChecks(tx, ctx, mode, identity, input.slug ?? slugBase(identity.name));
      if (checks.maxProducts !== null) await requireProductQuota(tx, ctx.companyId, mode);
      refuseTaken(checks, identity);
      const slug = await claimSlug(
        tx,
        input.slug ?? undefined,
        identity.name,
        input.slug ? undefined : checks.slugTaken,
      );
      // One plain statement (a model create costs an import row more than all its checks together); the row comes
      // back as Prisma reads it: timestamps as Dates, the form data parsed, enums as their names.
      const [created] = await tx.$queryRaw<Product[]>`
        INSERT INTO "Product" ("id", "companyId", "categoryId", "schemaVersion", "mode", "slug", "name", "gtin",
          "serialNumber", "batchNumber", "kind", "modelId", "formData", "createdAt", "updatedAt")
        VALUES (gen_random_uuid(), ${ctx.companyId}::uuid, ${plan.categoryId}::uuid, ${schema.version},
          ${mode}::"Mode", ${slug}, ${identity.name}, ${identity.gtin}, ${identity.serialNumber},
          ${identity.batchNumber}, ${KIND_VALUE[plan.kind]}::"ProductKind", ${plan.modelId}::uuid,
          ${JSON.stringify(formData)}::jsonb, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
        RETURNING *`;
      // The row as PRODUCT_INCLUDE would read it, without a second query for the category the schema names.
      const product: ProductRow = { ...created, category: { code: schema.category } };
      const context = {
        category: schema.category,
        schemaVersion: schema.version,
        fields: changed,
        ...(plan.kind === 'standalone' ? {} : { kind: plan.kind }),
        ...(plan.modelId ? { modelId: plan.modelId } : {}),
      };
      const data = { slug, category: schema.category };
      await recordProductChange(tx, ctx, product, 'Create', context, { 'product.created': data });
      return product;
    });
  } catch (error) {
    throw uniqueViolationAsConflict(error);
  }
}
