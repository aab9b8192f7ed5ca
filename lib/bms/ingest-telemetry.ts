import { prisma, type Db, type Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { Mode } from '../db/generated/enums';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../http/errors';
import { loadCategorySchema } from '../passport/schema-version';
import { requireRole } from '../passport/transitions/result';
import { mergeFormData } from '../schema/validate';
import { emitEvent } from '../webhooks/events';
import { LIFETIME_COUNTER_NAMES, type BmsUpdate } from './schemas';
import { sortPatch } from './whitelist';

export interface IngestTelemetryInput {
  productId: string;
  update: BmsUpdate;
}

/** The 200 body of the BMS endpoint. */
export interface TelemetryResult {
  ok: true;
  productId: string;
  appliedKeys: string[];
  rejectedKeys: string[];
  counterUpdated: boolean;
}

/** The counters the body names: a number or null is written, an omitted member keeps its stored value. */
function givenCounters(update: BmsUpdate): Record<string, number | null> {
  const counters = update.lifetimeCounters ?? {};
  return Object.fromEntries(LIFETIME_COUNTER_NAMES.flatMap((name) => (counters[name] === undefined ? [] : [[name, counters[name]]])));
}

/**
 * One BMS update, all or nothing: the product row is locked first, so parallel updates from several devices
 * merge one after the other and never lose a key or a counter. Applies in any state (telemetry describes the
 * physical battery, not the passport under review) and in either mode. `ctx.actor.id` is the secret's id.
 */
export async function ingestTelemetry({ ctx, input, db = prisma }: { ctx: DomainContext; input: IngestTelemetryInput; db?: Db | Tx }): Promise<TelemetryResult> {
  requireRole(ctx, ['System'], 'send BMS telemetry');
  const secretId = ctx.actor.id!;
  return inTransaction(db, async (tx) => {
    // Locked and read in one statement.
    const [product] = await tx.$queryRaw<LockedProduct[]>`
      SELECT "id", "categoryId", "schemaVersion", "mode"::text AS "mode", "formData"
      FROM "Product" WHERE "id" = ${input.productId}::uuid AND "companyId" = ${ctx.companyId}::uuid FOR UPDATE`;
    if (!product) throw new ServiceError('NOT_FOUND', 'No product with this id.');
    const schema = await loadCategorySchema(tx, product.categoryId, product.schemaVersion);
    const { accepted, appliedKeys, rejectedKeys } = sortPatch(schema, input.update.formDataPatch ?? {});
    const counters = givenCounters(input.update);
    const counterUpdated = Object.keys(counters).length > 0;

    const formData = mergeFormData(product.formData, accepted);
    // Not an authoring edit: lockVersion stays, so integrators editing the draft are not refused by telemetry.
    // updateMany: nothing is read back (an update would return the whole row, form data included).
    await tx.product.updateMany({ where: { id: product.id }, data: { formData: formData as Prisma.InputJsonObject, updatedAt: new Date() } });
    if (counterUpdated) {
      await tx.lifetimeCounters.upsert({ where: { productId: product.id }, create: { productId: product.id, ...counters }, update: counters });
    }
    await writeAudit(tx, {
      companyId: ctx.companyId,
      productId: product.id,
      eventType: 'Update',
      actor: ctx.actor,
      context: { source: 'bms-webhook', appliedFormDataKeys: appliedKeys, rejectedFormDataKeys: rejectedKeys, counterUpdated, webhookSecretId: secretId },
    });
    if (appliedKeys.length > 0 || counterUpdated) {
      await emitEvent(tx, { companyId: ctx.companyId, mode: product.mode, type: 'passport.telemetry_updated', data: { productId: product.id, appliedKeys, counterUpdated } });
    }
    await requireSecretStillActive(tx, secretId);
    return { ok: true, productId: product.id, appliedKeys, rejectedKeys, counterUpdated };
  });
}

interface LockedProduct {
  id: string;
  categoryId: string;
  schemaVersion: number;
  mode: Mode;
  formData: Record<string, unknown>;
}

/**
 * Last, so the secret's row (shared by every product it serves) is held for the shortest time: a revocation that
 * committed while this request ran still refuses it, and everything rolls back. `lastUsedAt` is written at most
 * once a minute per secret; the other updates only share-lock the row, so the many devices of one secret never
 * queue behind each other, while a revocation still waits for (or is seen by) every update in flight.
 */
async function requireSecretStillActive(tx: Tx, secretId: string): Promise<void> {
  const touched = await tx.$executeRaw`
    UPDATE "BmsSecret" SET "lastUsedAt" = now()
    WHERE "id" = ${secretId}::uuid AND "revokedAt" IS NULL AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - interval '60 seconds')`;
  if (touched > 0) return;
  const active = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "BmsSecret" WHERE "id" = ${secretId}::uuid AND "revokedAt" IS NULL FOR SHARE`;
  if (active.length === 0) throw new ServiceError('BAD_SECRET', 'The BMS secret matches no active secret.');
}

/** The domain context of a request signed with this secret: its company, the System role, the API channel. */
export const bmsContext = (secret: { id: string; companyId: string }): DomainContext => ({
  companyId: secret.companyId,
  actor: { role: 'System', id: secret.id, channel: 'API' },
});
