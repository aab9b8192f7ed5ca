import { prisma } from '../../db/client';
import type { Mode, ProductKind, ProductState } from '../../db/generated/enums';
import { inTransactionOn, rowsOn, type SqlDb, UTC_NOW, utcColumn } from '../../db/sql';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import type { LevelSubject } from '../../schema/levels';
import { publishedModel } from '../models/model';
import { loadCategorySchema } from '../schema-version';
import { requireRole } from '../transitions/result';
import { AUTHOR_ROLES } from './create-product';
import { applyFormData } from './form-data';
import { requireEditable, requireLockVersion } from './guards';
import { VIEWED_COLUMNS, type ViewedProduct } from './product-view';

export interface PutFormDataInput {
  productId: string;
  formData: Record<string, unknown>;
  /** Optional optimistic lock: when given, a stale value is 409 LOCK_CONFLICT. */
  lockVersion?: number;
}

const TIMES = new Set<string>(['createdAt', 'updatedAt', 'submittedAt', 'publishedAt', 'withdrawnAt']);
/** What productView shows (the category's code aside), as the statements below return it. */
const VIEW_COLUMNS = VIEWED_COLUMNS.map((column) =>
  column === 'mode' || column === 'state' || column === 'kind'
    ? `p."${column}"::text AS "${column}"`
    : TIMES.has(column)
      ? utcColumn('p', column)
      : `p."${column}"`,
).join(', ');

type ViewRow = Omit<ViewedProduct, 'category'>;

interface LockedRow extends ViewRow {
  companyId: string;
  categoryId: string;
  categoryCode: string;
  isDemo: boolean;
}

/** The tenant's product, its row locked for the rest of the transaction (edits of one draft run one after the other). */
const LOCK = `
  SELECT ${VIEW_COLUMNS}, p."companyId", p."categoryId", p."isDemo", c."code" AS "categoryCode"
  FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId"
  WHERE p."id" = $1::uuid AND p."companyId" = $2::uuid
  FOR UPDATE OF p`;

/** The merged form data and the next lock version, with the audit row and the webhook event: one statement. */
const UPDATE = `
  WITH updated AS (
    UPDATE "Product" p SET "formData" = $2::jsonb, "lockVersion" = p."lockVersion" + 1, "updatedAt" = ${UTC_NOW}
    WHERE p."id" = $1::uuid
    RETURNING ${VIEW_COLUMNS}, p."companyId", p."mode" AS "modeValue"
  ),
  audit AS (
    INSERT INTO "AuditLog" ("id", "companyId", "productId", "eventType", "actorRole", "actorId", "eventChannel", "eventContext", "createdAt")
    SELECT gen_random_uuid(), "companyId", "id", 'Update', $3, $4, $5, $6::jsonb, ${UTC_NOW} FROM updated
  ),
  event AS (
    INSERT INTO "WebhookEvent" ("id", "companyId", "mode", "type", "payload", "createdAt")
    SELECT gen_random_uuid(), "companyId", "modeValue", 'product.updated', $7::jsonb, ${UTC_NOW} FROM updated
  )
  SELECT ${VIEWED_COLUMNS.map((column) => `"${column}"`).join(', ')} FROM updated`;

/** What the product's kind lets it write: an item is judged against its model's latest published fields. */
async function levelSubject(tx: SqlDb, product: ViewRow): Promise<LevelSubject> {
  if (product.kind === 'MODEL') return { kind: 'model' };
  if (product.kind !== 'ITEM' || !product.modelId) return { kind: 'standalone' };
  const model = await publishedModel(tx, product.modelId);
  return { kind: 'item', modelFields: model?.fields ?? {} };
}

function viewed(row: ViewRow, categoryCode: string): ViewedProduct {
  return {
    ...row,
    mode: row.mode as Mode,
    state: row.state as ProductState,
    kind: row.kind as ProductKind,
    category: { code: categoryCode },
  };
}

/**
 * Merges a batch of field values into a draft, validated against the product's own schema version and refused
 * whole on any problem. The audit row names the changed fields, never their values. Two statements in the
 * caller's transaction (Prisma's, or the Integration API's direct one), or in a transaction of its own.
 */
export async function putFormData({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: PutFormDataInput;
  db?: SqlDb;
}): Promise<ViewedProduct> {
  requireRole(ctx, AUTHOR_ROLES, 'edit a passport');
  if (!isUuid(input.productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
  return inTransactionOn(db, async (tx) => {
    const [product] = await rowsOn<LockedRow>(tx, {
      name: 'form-data-lock',
      text: LOCK,
      values: [input.productId, ctx.companyId],
    });
    if (!product || (ctx.mode && product.mode !== ctx.mode)) throw new ServiceError('NOT_FOUND', 'No such product.');
    requireEditable({ isDemo: product.isDemo, state: product.state as ProductState });
    requireLockVersion(product, input.lockVersion);
    const schema = await loadCategorySchema(prisma, product.categoryId, product.schemaVersion);
    const subject = await levelSubject(tx, product);
    const { formData, changed } = applyFormData(
      schema,
      product.formData as Record<string, unknown>,
      input.formData,
      subject,
    );
    if (changed.length === 0) return viewed(product, product.categoryCode);
    const [updated] = await rowsOn<ViewRow>(tx, {
      name: 'form-data-update',
      text: UPDATE,
      values: [
        product.id,
        JSON.stringify(formData),
        ctx.actor.role,
        ctx.actor.id ?? null,
        ctx.actor.channel,
        JSON.stringify({ fields: changed }),
        JSON.stringify({ productId: product.id, fields: changed }),
      ],
    });
    return viewed(updated, product.categoryCode);
  });
}
