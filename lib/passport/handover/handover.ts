import { config } from '../../config';
import { prisma, type Tx } from '../../db/client';
import type { Handover, HandoverStatus, Mode, Prisma } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import { type Actor, type DomainContext, systemActor, type VerbArgs } from '../../domain/context';
import { mailDeciders } from '../../email/operators';
import {
  type HandoverMail,
  handoverCompletedEmail,
  handoverDecidedEmail,
  handoverOfferedEmail,
  handoverOfferSentEmail,
  handoverStatedEmail,
} from '../../email/templates/handover';
import type { RenderedEmail } from '../../email/templates/layout';
import { ServiceError } from '../../errors';
import { passportPath } from '../../gs1/digital-link';
import type { PortalLocale } from '../../i18n/portal-locales';
import { isUuid } from '../../ids';
import { isHttpUrl, validateFormData } from '../../schema/validate';
import { isSingleLineText, isStorableText } from '../../storable-text';
import { emitEvent, type WebhookEventType } from '../../webhooks/events';
import { sha256Hex } from '../canonical-json';
import { createProduct } from '../drafts/create-product';
import { requireNotDemo } from '../drafts/guards';
import { productView } from '../drafts/product-view';
import { refreshPublicDocument } from '../public/representations';
import { currentCategorySchema, loadCategorySchema } from '../schema-version';
import { loadProductForUpdate, requireState } from '../transitions/load';
import { REVIEW_ROLES, requireRole } from '../transitions/result';
import {
  BATTERY_STATUS_OF,
  effectiveStatus,
  offerExpiry,
  REASON_LABEL,
  REASON_NAME,
  reasonFromName,
  redeclaredFields,
  STATUS_NAME,
} from './terms';

/** Who offers, accepts and declines a handover: the review roles (a publication decision), and integration keys. */
export const HANDOVER_ROLES = [...REVIEW_ROLES, 'Integration'];

const MAX_NOTE = 1000;
const MAX_URI = 2000;

const invalid = (field: string, message: string) =>
  new ServiceError('VALIDATION_ERROR', message, {
    details: { field, issues: [{ path: field, code: 'invalid_value', message }] },
  });

const notFound = () => new ServiceError('NOT_FOUND', 'No such handover.');

function oneLine(field: string, value: string | null | undefined, max: number): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (!isStorableText(text) || !isSingleLineText(text)) throw invalid(field, `${field}: use one line of text.`);
  if (text.length > max) throw invalid(field, `${field}: at most ${max} characters.`);
  return text;
}

const base = () => config().BASE_URL.replace(/\/+$/, '');
const portalLink = (id: string) => `${base()}/portal/handovers/${id}`;

type Row = Handover & {
  product: {
    id: string;
    slug: string;
    name: string;
    gtin: string | null;
    serialNumber: string | null;
    batchNumber: string | null;
  };
  fromCompany: { id: string; slug: string; name: string; contactEmail: string | null };
  toCompany: { id: string; slug: string; name: string; contactEmail: string | null } | null;
  successor: {
    id: string;
    slug: string;
    name: string;
    state: string;
    version: number;
    gtin: string | null;
    serialNumber: string | null;
    batchNumber: string | null;
  } | null;
};

const include = {
  product: { select: { id: true, slug: true, name: true, gtin: true, serialNumber: true, batchNumber: true } },
  fromCompany: { select: { id: true, slug: true, name: true, contactEmail: true } },
  toCompany: { select: { id: true, slug: true, name: true, contactEmail: true } },
  successor: {
    select: {
      id: true,
      slug: true,
      name: true,
      state: true,
      version: true,
      gtin: true,
      serialNumber: true,
      batchNumber: true,
    },
  },
} satisfies Prisma.HandoverInclude;

/** One handover as either side sees it: the other side's drafts and ids stay out of it. */
export interface HandoverView {
  id: string;
  direction: 'outgoing' | 'incoming';
  status: (typeof STATUS_NAME)[HandoverStatus];
  reason: (typeof REASON_NAME)[keyof typeof REASON_NAME];
  product: { id: string | null; slug: string; name: string; url: string };
  fromCompany: { slug: string; name: string };
  toCompany: { slug: string; name: string } | null;
  successorUri: string | null;
  note: string | null;
  offeredAt: string;
  expiresAt: string;
  decidedAt: string | null;
  /** The receiving side: its draft's id; the offering side: only the published successor's public address. */
  successor: { id: string | null; slug: string | null; url: string | null; published: boolean } | null;
  /** Fields the new operator declares again (empty for a handover outside the service). */
  redeclare: string[];
}

export function handoverView(h: Row, companyId: string, now = new Date()): HandoverView {
  const outgoing = h.fromCompanyId === companyId;
  const s = h.successor;
  const published = !!s && s.version > 0;
  return {
    id: h.id,
    direction: outgoing ? 'outgoing' : 'incoming',
    status: STATUS_NAME[effectiveStatus(h, now)],
    reason: REASON_NAME[h.reason],
    product: {
      id: outgoing ? h.product.id : null,
      slug: h.product.slug,
      name: h.product.name,
      url: `${base()}${passportPath(h.product)}`,
    },
    fromCompany: { slug: h.fromCompany.slug, name: h.fromCompany.name },
    toCompany: h.toCompany ? { slug: h.toCompany.slug, name: h.toCompany.name } : null,
    successorUri: h.successorUri,
    note: h.note,
    offeredAt: h.offeredAt.toISOString(),
    expiresAt: h.expiresAt.toISOString(),
    decidedAt: h.decidedAt?.toISOString() ?? null,
    successor: !s
      ? null
      : outgoing
        ? {
            id: null,
            slug: published ? s.slug : null,
            url: published ? `${base()}${passportPath(s)}` : null,
            published,
          }
        : { id: s.id, slug: s.slug, url: published ? `${base()}${passportPath(s)}` : null, published },
    redeclare: h.toCompanyId ? redeclaredFields(h.reason) : [],
  };
}

/** The handover's rows as each company sees it: its own side only, both sides when they are one tenant's. */
const visibleTo = (ctx: DomainContext): Prisma.HandoverWhereInput => ({
  OR: [{ fromCompanyId: ctx.companyId }, { toCompanyId: ctx.companyId }],
  ...(ctx.mode ? { mode: ctx.mode } : {}),
});

export async function getHandover({ ctx, input, db = prisma, now = new Date() }: VerbArgs<{ handoverId: string }>) {
  if (!isUuid(input.handoverId)) throw new ServiceError('INVALID_ID', 'The handover id is not a valid UUID.');
  const row = await db.handover.findFirst({ where: { id: input.handoverId, ...visibleTo(ctx) }, include });
  if (!row) throw notFound();
  return handoverView(row, ctx.companyId, now);
}

export async function listHandovers({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ direction?: 'incoming' | 'outgoing' | null; productId?: string | null; limit?: number }>) {
  const where: Prisma.HandoverWhereInput =
    input.direction === 'incoming'
      ? { toCompanyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) }
      : input.direction === 'outgoing'
        ? { fromCompanyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) }
        : visibleTo(ctx);
  if (input.productId) {
    if (!isUuid(input.productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
    where.productId = input.productId;
    where.fromCompanyId = ctx.companyId;
  }
  const rows = await db.handover.findMany({
    where,
    include,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(input.limit ?? 100, 1), 200),
  });
  return rows.map((r) => handoverView(r, ctx.companyId, now));
}

export interface OfferHandoverInput {
  productId: string;
  reason: string;
  /** The receiving company of the service, by its public identifier: its slug (as in its issuer DID). */
  toCompany?: string | null;
  /** A successor outside the service: the address of its passport, as the offering operator states it. */
  successorUri?: string | null;
  note?: string | null;
}

/** The event both sides' endpoints receive; neither payload names the other side's draft. */
function eventData(h: Row, side: 'from' | 'to'): Prisma.InputJsonObject {
  return {
    handoverId: h.id,
    status: STATUS_NAME[h.status],
    reason: REASON_NAME[h.reason],
    productSlug: h.product.slug,
    ...(side === 'from' ? { productId: h.product.id } : {}),
    fromCompany: h.fromCompany.slug,
    toCompany: h.toCompany?.slug ?? null,
    successorUri: h.successorUri,
    ...(side === 'to' && h.successor ? { successorId: h.successor.id } : {}),
    ...(h.successor && h.successor.version > 0 ? { successorSlug: h.successor.slug } : {}),
  };
}

/**
 * The handover on both sides' record in the caller's transaction: an audit row and a webhook event in each
 * company (one when the handover leaves the service), the offering side's row on its passport.
 */
async function recordBothSides(
  tx: Tx,
  h: Row,
  eventType: string,
  type: WebhookEventType,
  actors: { from: Actor; to: Actor },
  extra: Prisma.InputJsonObject = {},
) {
  const from = { ...eventData(h, 'from'), ...extra };
  await writeAudit(tx, {
    companyId: h.fromCompanyId,
    productId: h.productId,
    eventType,
    actor: actors.from,
    context: from,
  });
  await emitEvent(tx, { companyId: h.fromCompanyId, mode: h.mode, type, data: from });
  if (!h.toCompanyId) return;
  const to = { ...eventData(h, 'to'), ...extra };
  await writeAudit(tx, {
    companyId: h.toCompanyId,
    productId: h.successorId,
    eventType,
    actor: actors.to,
    context: to,
  });
  await emitEvent(tx, { companyId: h.toCompanyId, mode: h.mode, type, data: to });
}

/** The other company's operators are named as the handover's counterpart, never by their user or key ids. */
const counterpart = systemActor('handover');

/** What every mail to a side of a handover names: that side, both companies, the passport, the reason, the offer. */
function handoverMailBase(
  h: Row & { toCompany: NonNullable<Row['toCompany']> },
  company: { name: string },
  locale: PortalLocale,
): HandoverMail {
  return {
    companyName: company.name,
    fromCompany: h.fromCompany.name,
    toCompany: h.toCompany.name,
    productName: h.product.name,
    handoverReason: h.reason,
    link: portalLink(h.id),
    locale,
  };
}

/** One mail to each side of a handover between two companies of the service, to each side's deciders. */
async function mailBothSides(
  tx: Tx,
  h: Row & { toCompany: NonNullable<Row['toCompany']> },
  render: (common: HandoverMail) => RenderedEmail,
) {
  for (const company of [h.fromCompany, h.toCompany]) {
    await mailDeciders(tx, company, (locale) => render(handoverMailBase(h, company, locale)));
  }
}

async function mailDecision(tx: Tx, h: Row, outcome: 'accepted' | 'declined' | 'expired', reason: string | null) {
  if (!h.toCompany) return;
  await mailBothSides(tx, { ...h, toCompany: h.toCompany }, (base) =>
    handoverDecidedEmail({ ...base, outcome, reason }),
  );
}

/**
 * A published passport offered to another company of the service (or, with `successorUri`, a successor outside
 * it recorded as the offering operator states it, at once). One open offer per passport; a passport already
 * handed over is not offered again.
 */
export async function offerHandover({ ctx, input, db = prisma, now = new Date() }: VerbArgs<OfferHandoverInput>) {
  requireRole(ctx, HANDOVER_ROLES, 'hand a passport over');
  const reason = reasonFromName(String(input.reason ?? ''));
  if (!reason) throw invalid('reason', 'reason: one of prepared_for_reuse, repurposed, remanufactured.');
  const toSlug = input.toCompany?.trim() || null;
  const successorUri = oneLine('successorUri', input.successorUri, MAX_URI);
  if (!toSlug === !successorUri)
    throw invalid(
      'toCompany',
      'Name either the receiving company (toCompany) or a successor outside the service (successorUri).',
    );
  if (successorUri && !isHttpUrl(successorUri)) throw invalid('successorUri', 'successorUri: an http(s) address.');
  const note = oneLine('note', input.note, MAX_NOTE);
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    if (ctx.actor.channel === 'API') requireNotDemo(product);
    requireState(product, ['APPROVED'], 'hand over');
    if (product.recycledAt)
      throw new ServiceError('INVALID_STATE', 'A recycled battery is not handed over.', {
        reason: 'INVALID_TRANSITION',
        details: { state: product.state, recycledAt: product.recycledAt.toISOString() },
      });
    if (product.handoverReason)
      throw new ServiceError('INVALID_STATE', 'This passport was already handed over.', {
        reason: 'INVALID_TRANSITION',
        details: { state: product.state, handedOverAt: product.handedOverAt?.toISOString() ?? null },
      });
    const open = await tx.handover.findFirst({
      where: { productId: product.id, OR: [{ status: 'OFFERED', expiresAt: { gt: now } }, { status: 'ACCEPTED' }] },
      select: { id: true, status: true },
    });
    if (open)
      throw new ServiceError('INVALID_STATE', 'This passport already has an open or accepted handover.', {
        reason: 'INVALID_TRANSITION',
        details: { state: product.state, handoverId: open.id },
      });
    let toCompanyId: string | null = null;
    if (toSlug) {
      const company = await tx.company.findUnique({
        where: { slug: toSlug },
        select: { id: true, suspendedAt: true, ceasedAt: true },
      });
      if (!company || company.id === ctx.companyId || company.suspendedAt || company.ceasedAt)
        throw invalid('toCompany', 'toCompany: no other operating company of the service has this identifier.');
      toCompanyId = company.id;
    }
    const created = await tx.handover.create({
      data: {
        mode: product.mode,
        productId: product.id,
        fromCompanyId: ctx.companyId,
        toCompanyId,
        successorUri,
        reason,
        status: successorUri ? 'STATED' : 'OFFERED',
        note,
        offeredAt: now,
        expiresAt: offerExpiry(now),
        decidedAt: successorUri ? now : null,
      },
      include,
    });
    if (successorUri) {
      // Outside the service nobody can accept: the previous operator's statement is recorded at once.
      await tx.product.update({
        where: { id: product.id },
        data: { handoverReason: reason, handedOverAt: now, statedSuccessorUri: successorUri },
      });
      await refreshPublicDocument(tx, product.slug);
    }
    const type = successorUri ? 'HandoverStated' : 'HandoverOffered';
    await recordBothSides(tx, created, type, 'handover.offered', { from: ctx.actor, to: counterpart });
    if (created.toCompany) {
      const offer = {
        fromCompany: created.fromCompany.name,
        toCompany: created.toCompany.name,
        productName: created.product.name,
        handoverReason: reason,
        link: portalLink(created.id),
        note,
        expiresAt: created.expiresAt.toISOString(),
      };
      const toCompany = created.toCompany;
      await mailDeciders(tx, toCompany, (locale) =>
        handoverOfferedEmail({ ...offer, companyName: toCompany.name, locale }),
      );
      // The offering side's confirmation: what was offered, to whom, until when.
      await mailDeciders(tx, created.fromCompany, (locale) =>
        handoverOfferSentEmail({ ...offer, companyName: created.fromCompany.name, locale }),
      );
    } else if (successorUri) {
      await mailDeciders(tx, created.fromCompany, (locale) =>
        handoverStatedEmail({
          companyName: created.fromCompany.name,
          productName: created.product.name,
          handoverReason: reason,
          successorUri,
          link: portalLink(created.id),
          locale,
        }),
      );
    }
    return handoverView(created, ctx.companyId, now);
  });
}

/** The receiving company's offer, locked for the decision; any other handover is 404. */
async function lockIncoming(tx: Tx, ctx: DomainContext, handoverId: string, now: Date) {
  if (!isUuid(handoverId)) throw new ServiceError('INVALID_ID', 'The handover id is not a valid UUID.');
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Handover" WHERE "id" = ${handoverId}::uuid AND "toCompanyId" = ${ctx.companyId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound();
  const row = await tx.handover.findUniqueOrThrow({ where: { id: handoverId }, include });
  if (ctx.mode && row.mode !== ctx.mode) throw notFound();
  const status = effectiveStatus(row, now);
  if (status !== 'OFFERED')
    throw new ServiceError('INVALID_STATE', `The offer is ${STATUS_NAME[status]}: it can no longer be answered.`, {
      reason: 'INVALID_TRANSITION',
      details: { status: STATUS_NAME[status] },
    });
  return row;
}

/** The original's published data as the successor may start from it: public fields only, never restricted ones. */
async function carriedFormData(
  tx: Tx,
  original: { id: string; version: number; formData: unknown; categoryId: string },
  reason: Handover['reason'],
) {
  const version = await tx.passportVersion.findUnique({
    where: { productId_version: { productId: original.id, version: original.version } },
  });
  if (!version) throw new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'The published version is missing.');
  const bytes = Buffer.from(version.snapshot);
  if (sha256Hex(bytes) !== version.sha256)
    throw new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'The published version cannot be read intact.');
  const doc = JSON.parse(bytes.toString('utf8')) as { fields: Record<string, unknown>; schemaVersion: number };
  const published = await loadCategorySchema(tx, original.categoryId, doc.schemaVersion);
  const current = original.formData as Record<string, unknown>;
  const redeclare = new Set(redeclaredFields(reason));
  const carried: Record<string, unknown> = {};
  for (const f of published.fields) {
    if (f.access !== 'public' || redeclare.has(f.id)) continue;
    const value = f.dynamic && Object.hasOwn(current, f.id) ? current[f.id] : doc.fields[f.id];
    if (value === undefined || value === null) continue;
    // An array's restricted members stay behind with the rest of the restricted data.
    carried[f.id] =
      f.type === 'array' && Array.isArray(value) && f.items
        ? value.map((entry) =>
            Object.fromEntries(
              (f.items ?? [])
                .filter((m) => m.access === 'public')
                .map((m) => [m.id, (entry as Record<string, unknown>)?.[m.id]]),
            ),
          )
        : value;
  }
  return carried;
}

/**
 * The receiving company accepts: a draft of its own (its category's current schema) starting from the original's
 * published public data, without the fields it must declare again, with the battery status the reason gives;
 * identifiers (GTIN, serial) are the new operator's to assign. Linked to the original through the handover.
 */
export async function acceptHandover({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ handoverId: string; name?: string | null }>) {
  requireRole(ctx, HANDOVER_ROLES, 'accept a handover');
  return inTransaction(db, async (tx) => {
    const h = await lockIncoming(tx, ctx, input.handoverId, now);
    const original = await tx.product.findUniqueOrThrow({
      where: { id: h.productId },
      select: {
        id: true,
        state: true,
        version: true,
        formData: true,
        categoryId: true,
        name: true,
        category: { select: { code: true } },
      },
    });
    if (original.state !== 'APPROVED')
      throw new ServiceError('INVALID_STATE', 'The offered passport is no longer published.', {
        reason: 'INVALID_TRANSITION',
        details: { status: STATUS_NAME.OFFERED },
      });
    const carried = await carriedFormData(tx, original, h.reason);
    const { schema } = await currentCategorySchema(tx, original.category.code);
    const formData: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(carried)) {
      // A value the current schema no longer takes is left for the new operator, like the re-declared ones.
      if (validateFormData(schema, { [id]: value }).length === 0) formData[id] = value;
    }
    if (schema.fields.some((f) => f.id === 'battery_status')) formData.battery_status = BATTERY_STATUS_OF[h.reason];
    const name = input.name?.trim() || `${original.name} (${REASON_LABEL[h.reason].toLowerCase()})`;
    const draft = await createProduct({
      ctx,
      db: tx,
      input: { name, categoryCode: original.category.code, formData },
    });
    const updated = await tx.handover.update({
      where: { id: h.id },
      data: { status: 'ACCEPTED', decidedAt: now, successorId: draft.id },
      include,
    });
    await recordBothSides(tx, updated, 'HandoverAccepted', 'handover.accepted', { from: counterpart, to: ctx.actor });
    await mailDecision(tx, updated, 'accepted', null);
    return { handover: handoverView(updated, ctx.companyId, now), product: productView(draft) };
  });
}

/** The receiving company declines, with an optional reason the offering company reads. */
export async function declineHandover({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ handoverId: string; reason?: string | null }>) {
  requireRole(ctx, HANDOVER_ROLES, 'decline a handover');
  const reason = oneLine('reason', input.reason, MAX_NOTE);
  return inTransaction(db, async (tx) => {
    const h = await lockIncoming(tx, ctx, input.handoverId, now);
    const updated = await tx.handover.update({
      where: { id: h.id },
      data: { status: 'DECLINED', decidedAt: now },
      include,
    });
    await recordBothSides(
      tx,
      updated,
      'HandoverDeclined',
      'handover.declined',
      { from: counterpart, to: ctx.actor },
      {
        declineReason: reason,
      },
    );
    await mailDecision(tx, updated, 'declined', reason);
    return handoverView(updated, ctx.companyId, now);
  });
}

/**
 * Offers past their 30 days become EXPIRED, each in its own transaction with both sides' audit rows, events and
 * mails. Idempotent and resumable: a row is claimed (SKIP LOCKED) and changed only while still OFFERED, so a
 * second run, or two at once, expire each offer once.
 */
export async function expireHandovers({ db = prisma, now = new Date(), batch = 100 } = {}): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "Handover" WHERE "status" = 'OFFERED' AND "expiresAt" <= ${now}
        ORDER BY "expiresAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
      for (const { id } of due) {
        const updated = await tx.handover.update({
          where: { id },
          data: { status: 'EXPIRED', decidedAt: now },
          include,
        });
        const system = systemActor('handover-expiry');
        await recordBothSides(tx, updated, 'HandoverExpired', 'handover.expired', { from: system, to: system });
        await mailDecision(tx, updated, 'expired', null);
      }
      return due.length;
    });
    expired += done;
    if (done < batch) return expired;
  }
}

/**
 * Called in the commit that publishes a passport's first version: when it is an accepted handover's successor, the
 * original now names it (successor link, the reason as its status) and both sides record the completion.
 */
export async function completeHandoverOnPublish(tx: Tx, product: { id: string; mode: Mode }, now = new Date()) {
  const h = await tx.handover.findFirst({ where: { successorId: product.id, status: 'ACCEPTED' }, include });
  if (!h) return;
  const original = await tx.product.findUniqueOrThrow({
    where: { id: h.productId },
    select: { slug: true, handoverReason: true },
  });
  if (original.handoverReason) return;
  await tx.product.update({
    where: { id: h.productId },
    data: { handoverReason: h.reason, handedOverAt: now, successorId: product.id },
  });
  await refreshPublicDocument(tx, original.slug);
  await recordBothSides(tx, h, 'HandoverCompleted', 'handover.completed', { from: counterpart, to: counterpart });
  await mailCompletion(tx, h);
}

/** Both sides hear that the successor is published and the two public passports name each other. */
async function mailCompletion(tx: Tx, h: Row) {
  const successor = h.successor;
  if (!h.toCompany || !successor) return;
  await mailBothSides(tx, { ...h, toCompany: h.toCompany }, (common) =>
    handoverCompletedEmail({
      ...common,
      successorName: successor.name,
      successorUrl: `${base()}${passportPath(successor)}`,
      originalUrl: `${base()}${passportPath(h.product)}`,
    }),
  );
}

/** The accepted handover a draft of the caller's company continues, when it is a successor; null otherwise. */
export async function successorHandover({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ productId: string }>) {
  if (!isUuid(input.productId)) return null;
  const row = await db.handover.findFirst({
    where: { successorId: input.productId, toCompanyId: ctx.companyId },
    include,
  });
  return row ? handoverView(row, ctx.companyId, now) : null;
}
