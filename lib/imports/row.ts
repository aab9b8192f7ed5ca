import type { Tx } from '../db/client';
import { prisma } from '../db/client';
import type { ProductState } from '../db/generated/enums';
import { inTransaction, isUniqueViolation } from '../db/transaction';
import type { DomainContext } from '../domain/context';
import { systemActor } from '../domain/context';
import { ServiceError } from '../errors';
import { normaliseGtin } from '../gs1/gtin';
import { createProduct } from '../passport/drafts/create-product';
import { putFormData } from '../passport/drafts/put-form-data';
import { REVISION_ROLES, startRevision } from '../passport/transitions/revise';
import type { CategorySchema } from '../schema/types';
import { IMPORT_ROW_CODES, type RowError, type RowInput, type RowOutcome } from './types';

/** What every row of one import shares: the job, its actor, its schema, and a cache of models by GTIN. */
export interface ImportRun {
  importId: string;
  ctx: DomainContext;
  categoryCode: string;
  schema: CategorySchema;
  modelId: string | null;
  /** The file's column (or JSON key) that feeds a field id or identity target, for errors the verbs report. */
  columnOf: (target: string) => string | null;
  models: Map<string, Model | null>;
}

interface Model {
  id: string;
  companyId: string;
  mode: string;
  gtin: string | null;
}

/** Where a row goes: an item of a model, or a standalone passport. */
type Target = { kind: 'item'; modelId: string } | { kind: 'standalone'; gtin: string | null };

const MODEL_INVALID = (message: string) => new ServiceError('MODEL_INVALID', message, { details: { field: 'gtin' } });

const gtinOf = (input: RowInput) => {
  const raw = input.identity.gtin;
  return raw ? (normaliseGtin(raw) ?? raw) : null;
};

async function modelByGtin(tx: Tx, run: ImportRun, gtin: string): Promise<Model | null> {
  if (run.models.has(gtin)) return run.models.get(gtin) ?? null;
  const found = await tx.product.findFirst({
    where: { gtin, kind: 'MODEL' },
    select: { id: true, companyId: true, mode: true, gtin: true },
  });
  run.models.set(gtin, found);
  return found;
}

/** An item when the import names a model or the row's GTIN is one of the tenant's models; another's is MODEL_INVALID. */
async function targetOf(tx: Tx, run: ImportRun, input: RowInput): Promise<Target> {
  const gtin = gtinOf(input);
  if (run.modelId) {
    if (gtin) {
      const model = await modelByGtin(tx, run, gtin);
      if (model && model.id !== run.modelId)
        throw MODEL_INVALID("The row's GTIN is not the GTIN of the import's model.");
    }
    return { kind: 'item', modelId: run.modelId };
  }
  if (!gtin) return { kind: 'standalone', gtin: null };
  const model = await modelByGtin(tx, run, gtin);
  if (!model) return { kind: 'standalone', gtin };
  if (model.companyId !== run.ctx.companyId || model.mode !== (run.ctx.mode ?? 'LIVE'))
    throw MODEL_INVALID('No battery model of your company has this GTIN.');
  return { kind: 'item', modelId: model.id };
}

/** The key two rows of one file must not share: (model or GTIN, serial), else batch, else the name. */
export function matchKey(input: RowInput, modelId: string | null): string | null {
  const { serialNumber, batchNumber, name } = input.identity;
  const scope = modelId ? `m:${modelId}` : `g:${gtinOf(input) ?? ''}`;
  if (serialNumber) return `${scope}|s:${serialNumber}`;
  if (batchNumber) return `${scope}|b:${batchNumber}`;
  return !modelId && !gtinOf(input) && name ? `n:${name}` : null;
}

const EXISTING = { id: true, state: true, lockVersion: true } as const;

/** The draft or passport a row updates: items by (model, serial) or (model, batch); standalone by (GTIN, serial), else by name. */
async function existingOf(tx: Tx, run: ImportRun, input: RowInput, target: Target) {
  const { serialNumber, batchNumber, name } = input.identity;
  const tenant = { companyId: run.ctx.companyId, mode: run.ctx.mode ?? 'LIVE' };
  if (target.kind === 'item') {
    if (serialNumber) {
      // The hot path of an item import: a plain statement on the (modelId, serialNumber) index.
      const [row] = await tx.$queryRaw<{ id: string; state: ProductState; lockVersion: number }[]>`
        SELECT "id", "state"::text AS "state", "lockVersion" FROM "Product"
        WHERE "modelId" = ${target.modelId}::uuid AND "serialNumber" = ${serialNumber}
          AND "companyId" = ${tenant.companyId}::uuid AND "mode" = ${tenant.mode}::"Mode"`;
      return row ?? null;
    }
    if (batchNumber)
      return tx.product.findFirst({
        where: { ...tenant, modelId: target.modelId, serialNumber: null, batchNumber },
        select: EXISTING,
      });
    return null;
  }
  if (target.gtin) {
    const address = serialNumber ? { serialNumber } : { serialNumber: null, batchNumber: batchNumber ?? null };
    return tx.product.findFirst({
      where: { ...tenant, kind: 'STANDALONE', gtin: target.gtin, ...address },
      select: EXISTING,
    });
  }
  return name ? tx.product.findFirst({ where: { ...tenant, name }, select: EXISTING }) : null;
}

/** A standalone row without a name is named after its model number (or GTIN) and serial (or batch). */
function defaultName(input: RowInput): string | null {
  const { serialNumber, batchNumber, gtin } = input.identity;
  const what = typeof input.formData.model_number === 'string' ? input.formData.model_number : gtin;
  const which = serialNumber ?? batchNumber;
  return what && which ? `${what} · ${which}` : null;
}

/** Revisions are opened by the import's actor when its role may, else by the import itself (an Integration key may import). */
const revisionCtx = (run: ImportRun): DomainContext =>
  REVISION_ROLES.includes(run.ctx.actor.role) ? run.ctx : { ...run.ctx, actor: systemActor(`import:${run.importId}`) };

/** One row's change in the caller's transaction: the product created, updated (a published one revised first), or left. */
async function applyRow(tx: Tx, run: ImportRun, input: RowInput): Promise<{ outcome: RowOutcome; productId: string }> {
  const target = await targetOf(tx, run, input);
  const existing = await existingOf(tx, run, input, target);
  const { serialNumber = null, batchNumber = null } = input.identity;
  if (!existing) {
    if (target.kind === 'item') {
      const item = {
        modelId: target.modelId,
        serialNumber,
        batchNumber,
        name: input.identity.name ?? undefined,
        formData: input.formData,
      };
      const created = await createProduct({ ctx: run.ctx, db: tx, input: item });
      return { outcome: 'created', productId: created.id };
    }
    const name = input.identity.name ?? defaultName(input);
    if (!name)
      throw new ServiceError('FIELD_VALIDATION_ERROR', 'The row names no product.', {
        fieldErrors: [
          {
            field_id: 'name',
            label: 'Name',
            code: 'REQUIRED_MISSING',
            message: 'A row needs a name, or a serial or batch number to name it by.',
          },
        ],
      });
    const input2 = {
      name,
      categoryCode: run.categoryCode,
      gtin: input.identity.gtin ?? null,
      serialNumber,
      batchNumber,
      formData: input.formData,
    };
    const created = await createProduct({ ctx: run.ctx, db: tx, input: input2 });
    return { outcome: 'created', productId: created.id };
  }
  let revised = false;
  if (existing.state === 'APPROVED') {
    await startRevision({ ctx: revisionCtx(run), db: tx, input: { productId: existing.id } });
    revised = true;
  } else if (existing.state !== 'DRAFT') {
    throw new ServiceError(
      'INVALID_STATE',
      `The row's passport is ${existing.state.toLowerCase()}: only drafts and published passports can be changed.`,
    );
  }
  const after = await putFormData({
    ctx: run.ctx,
    db: tx,
    input: { productId: existing.id, formData: input.formData },
  });
  const changed = revised || after.lockVersion !== existing.lockVersion;
  return { outcome: changed ? 'updated' : 'unchanged', productId: existing.id };
}

const COUNTER: Record<RowOutcome, string> = {
  created: 'created',
  updated: 'updated',
  unchanged: 'unchanged',
  failed: 'failed',
};

/** The row recorded and counted in one statement; whether a cancel has been asked for since (read in it too). */
async function record(
  tx: Tx,
  importId: string,
  rowNumber: number,
  outcome: RowOutcome,
  productId: string | null,
): Promise<boolean> {
  const column = COUNTER[outcome];
  const rows = await tx.$queryRawUnsafe<{ cancelRequestedAt: Date | null }[]>(
    `WITH recorded AS (
       INSERT INTO "ImportRow" ("importId", "rowNumber", "productId", "outcome") VALUES ($1::uuid, $2, $3::uuid, $4)
     )
     UPDATE "ImportJob" SET "processed" = "processed" + 1, "${column}" = "${column}" + 1
     WHERE "id" = $1::uuid RETURNING "cancelRequestedAt"`,
    importId,
    rowNumber,
    productId,
    outcome,
  );
  return rows[0]?.cancelRequestedAt != null;
}

/** A refusal of the verbs as row errors: each field error, or the one contract error with the column it concerns. */
function errorsOf(run: ImportRun, error: ServiceError): RowError[] {
  if (error.options.fieldErrors?.length)
    return error.options.fieldErrors.map((e) => ({
      column: run.columnOf(e.field_id.split('[')[0]),
      fieldId: e.field_id,
      code: e.code,
      message: e.message,
    }));
  const details = error.options.details as { field?: unknown; issues?: { path?: unknown }[] } | undefined;
  const path = typeof details?.field === 'string' ? details.field : details?.issues?.[0]?.path;
  const target = typeof path === 'string' ? path : null;
  return [{ column: target ? run.columnOf(target) : null, fieldId: target, code: error.code, message: error.message }];
}

/** A failed row in a transaction of its own: its ImportRow, its errors, the counter. */
async function recordFailure(run: ImportRun, rowNumber: number, errors: RowError[]): Promise<boolean> {
  return inTransaction(prisma, async (tx) => {
    await tx.importRowError.createMany({ data: errors.map((e) => ({ ...e, importId: run.importId, rowNumber })) });
    return record(tx, run.importId, rowNumber, 'failed', null);
  });
}

/** A concurrent writer won a unique index or a lock: the row is read and applied again. */
const RETRIED = new Set(['NAME_IN_USE', 'GTIN_IN_USE', 'LOCK_CONFLICT']);
const retryable = (error: unknown) =>
  isUniqueViolation(error) ||
  (error instanceof ServiceError && RETRIED.has(error.code)) ||
  ['40001', '40P01'].includes(String((error as { code?: unknown } | null)?.code ?? ''));

const MAX_ATTEMPTS = 3;

/**
 * One data row in its own transaction: the product change with its audit row and event, the ImportRow and the
 * counters, all or nothing. A refused row is recorded as failed with its errors, in a transaction of its own, and
 * never stops the rows after it; a lost race is retried. Returns whether a cancel has been asked for.
 */
export async function writeRow(run: ImportRun, input: RowInput, duplicateOf: number | null): Promise<boolean> {
  const errors = [...input.errors];
  if (duplicateOf !== null)
    errors.push({
      column: run.columnOf('serialNumber') ?? run.columnOf('batchNumber'),
      fieldId: 'serialNumber',
      code: IMPORT_ROW_CODES.duplicateSerial,
      message: `Row ${duplicateOf} of this file already has this serial (or batch) number.`,
    });
  if (errors.length > 0) return recordFailure(run, input.rowNumber, errors);
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(prisma, async (tx) => {
        const { outcome, productId } = await applyRow(tx, run, input);
        return record(tx, run.importId, input.rowNumber, outcome, productId);
      });
    } catch (error) {
      if (attempt < MAX_ATTEMPTS && retryable(error)) continue;
      if (error instanceof ServiceError) return recordFailure(run, input.rowNumber, errorsOf(run, error));
      throw error;
    }
  }
}
