import { hashPassword } from '../../lib/crypto/passwords';
import { createPrismaClient, type Tx } from '../../lib/db/client';
import type { Prisma } from '../../lib/db/generated/client';
import { writeAudit } from '../../lib/domain/audit';
import { type DomainContext, systemActor } from '../../lib/domain/context';
import { passportPath } from '../../lib/gs1/digital-link';
import { normaliseGtin } from '../../lib/gs1/gtin';
import { putFormData } from '../../lib/passport/drafts/put-form-data';
import { updateProduct } from '../../lib/passport/drafts/update-product';
import { acceptHandover, offerHandover } from '../../lib/passport/handover/handover';
import { approveProduct, startRevision, submitProduct, withdrawProduct } from '../../lib/passport/lifecycle';
import { loadCategorySchema } from '../../lib/passport/schema-version';
import { CATEGORY_SCHEMAS } from '../../lib/schema/categories';
import { exampleFormData, exampleFormDataOfLevel, knownFields } from '../../lib/schema/examples';
import { levelOf } from '../../lib/schema/levels';
import type { CategorySchema } from '../../lib/schema/types';
import {
  DEMO_GS1_PREFIX,
  DEMO_HANDOVER,
  DEMO_MODEL,
  DEMO_PASSPORTS,
  DEMO_SECOND_LIFE,
  type DemoModel,
  type DemoPassport,
} from './demo-passports';

export const DEMO_COMPANY_SLUG = 'demo';
/** Printed at every start of the demo: it only ever guards local demo data. */
export const DEMO_LOGIN = { email: 'operator@demo.example', password: 'demo-passport-2026' };
/** A reviewer of the demo company who chose German for the portal (the same demo password). */
export const DEMO_GERMAN_LOGIN = { email: 'reviewer@demo.example', password: DEMO_LOGIN.password };
const DEMO_STAFF = [
  { email: DEMO_LOGIN.email, name: 'Dana Admin', role: 'ADMIN' as const },
  { email: 'editor@demo.example', name: 'Eli Editor', role: 'EDITOR' as const },
  // Chose German in the profile: the portal and the mails it sends this reviewer speak German.
  { email: DEMO_GERMAN_LOGIN.email, name: 'Rae Reviewer', role: 'REVIEWER' as const, locale: 'de' },
];

/** The second-life operator's login (the same demo password): it received the handed-over EV pack. */
export const DEMO_SECOND_LIFE_LOGIN = { email: 'operator@relivo.example', password: DEMO_LOGIN.password };
const DEMO_SECOND_LIFE_STAFF = [
  { email: DEMO_SECOND_LIFE_LOGIN.email, name: 'Sasha Admin', role: 'ADMIN' as const },
  { email: 'editor@relivo.example', name: 'Remy Editor', role: 'EDITOR' as const },
];

/** The address `npm run dev` prints beside the operator login: the demo EV battery's Digital Link. */
export const DEMO_PASSPORT_PATH = passportPath({
  slug: DEMO_PASSPORTS[0].slug,
  gtin: normaliseGtin(DEMO_PASSPORTS[0].gtin ?? ''),
  serialNumber: DEMO_PASSPORTS[0].serialNumber ?? null,
  batchNumber: null,
});

/** Seeds the demo company, its operators and passports in one transaction, unless they exist already. */
export async function seedDemoIfAbsent(databaseUrl: string): Promise<{
  seeded: boolean;
  login: typeof DEMO_LOGIN;
  secondLifeLogin: typeof DEMO_SECOND_LIFE_LOGIN;
  germanLogin: typeof DEMO_GERMAN_LOGIN;
  passportPath: string;
}> {
  const db = createPrismaClient(databaseUrl);
  try {
    const existing = await db.company.findUnique({ where: { slug: DEMO_COMPANY_SLUG } });
    const logins = {
      login: DEMO_LOGIN,
      secondLifeLogin: DEMO_SECOND_LIFE_LOGIN,
      germanLogin: DEMO_GERMAN_LOGIN,
      passportPath: DEMO_PASSPORT_PATH,
    };
    if (existing) return { seeded: false, ...logins };
    const passwordHash = await hashPassword(DEMO_LOGIN.password);
    await db.$transaction((tx) => seedDemo(tx, passwordHash), { timeout: 60_000 });
    return { seeded: true, ...logins };
  } finally {
    await db.$disconnect();
  }
}

async function seedDemo(tx: Tx, passwordHash: string): Promise<void> {
  const company = await tx.company.create({
    data: {
      slug: DEMO_COMPANY_SLUG,
      name: 'Voltaris Battery Systems GmbH',
      country: 'DE',
      registrationNumber: 'DE-HRB-204517',
      contactEmail: 'passports@voltaris.example',
      website: 'https://voltaris.example',
      address: 'Industriestraße 12, 38239 Salzgitter, Germany',
      plan: 'demo',
      isDemo: true,
    },
  });
  for (const staff of DEMO_STAFF) {
    await tx.user.create({ data: { ...staff, companyId: company.id, passwordHash } });
  }
  await tx.gs1Prefix.create({ data: { companyId: company.id, prefix: DEMO_GS1_PREFIX } });
  const ctx: DomainContext = { companyId: company.id, actor: systemActor('demo-seed') };
  const ids = new Map<string, string>();
  for (const passport of DEMO_PASSPORTS) ids.set(passport.key, await seedPassport(tx, ctx, passport));
  await seedModel(tx, ctx, DEMO_MODEL);
  for (const passport of DEMO_PASSPORTS.filter((p) => p.withdrawal)) {
    const w = passport.withdrawal!;
    await withdrawProduct({
      ctx,
      db: tx,
      input: {
        productId: ids.get(passport.key)!,
        reason: w.reason,
        successorId: ids.get(w.successorKey)!,
        operatorDetails: w.operatorDetails,
        manufacturerContact: w.manufacturerContact,
      },
    });
  }
  const secondLife = await seedSecondLifeCompany(tx, passwordHash);
  await seedHandover(tx, ctx, secondLife, ids.get(DEMO_HANDOVER.originalKey)!);
  // The demo EV battery's history of dynamic data: two years of weekly BMS reports, state of health fading from 100 %,
  // for the portal's and the restricted view's charts (docs/decisions.md, "The history of dynamic data").
  await tx.$executeRaw`
    INSERT INTO "TelemetryReport" ("productId", "reportedAt", "receivedAt", "values")
    SELECT ${ids.get('ev')}::uuid, t, t, jsonb_build_object('current_soh_pct', round((100 - n * 0.06)::numeric, 2),
      'current_cycle_count', n * 6, 'remaining_capacity_ah', round((188 - n * 0.11)::numeric, 2))
    FROM generate_series(0, 103) AS n, LATERAL (SELECT (now() AT TIME ZONE 'UTC') - (103 - n) * interval '7 days' AS t) w`;
}

/** The second demo company: a second-life operator, with its operators and its own GS1 prefix. */
async function seedSecondLifeCompany(tx: Tx, passwordHash: string): Promise<DomainContext> {
  const { gs1Prefix, ...details } = DEMO_SECOND_LIFE;
  const company = await tx.company.create({ data: { ...details, plan: 'demo', isDemo: true } });
  for (const staff of DEMO_SECOND_LIFE_STAFF) {
    await tx.user.create({ data: { ...staff, companyId: company.id, passwordHash } });
  }
  await tx.gs1Prefix.create({ data: { companyId: company.id, prefix: gs1Prefix } });
  return { companyId: company.id, actor: systemActor('demo-seed') };
}

/**
 * The handover through the domain's own verbs: offered, accepted (the successor draft starts from the original's
 * public data), the successor given its own identifiers and what the new operator declares, then submitted and
 * approved, whose publication links the two passports both ways.
 */
async function seedHandover(tx: Tx, from: DomainContext, to: DomainContext, originalId: string): Promise<void> {
  const { reason, note, successor } = DEMO_HANDOVER;
  const offer = await offerHandover({
    ctx: from,
    db: tx,
    input: { productId: originalId, reason, toCompany: DEMO_SECOND_LIFE.slug, note },
  });
  const { product } = await acceptHandover({ ctx: to, db: tx, input: { handoverId: offer.id, name: successor.name } });
  const draft = await updateProduct({
    ctx: to,
    db: tx,
    input: {
      productId: product.id,
      lockVersion: product.lockVersion,
      gtin: successor.gtin,
      serialNumber: successor.serialNumber,
    },
  });
  // Read through the transaction here, so the verb below finds the schema without a client of its own.
  const schema = await loadCategorySchema(tx, draft.categoryId, draft.schemaVersion);
  const carried = draft.formData as Record<string, unknown>;
  // What the original's operator kept to itself (its restricted data) the new operator declares anew: the schema's
  // example values stand in for it, under the successor's own data.
  const missing = Object.entries(exampleFormData(schema)).filter(([id]) => !Object.hasOwn(carried, id));
  await putFormData({
    ctx: to,
    db: tx,
    input: { productId: product.id, formData: { ...Object.fromEntries(missing), ...successor.fields } },
  });
  await submitProduct({ ctx: to, db: tx, input: { productId: product.id } });
  await tx.product.update({ where: { id: product.id }, data: { isDemo: true } });
  await approveProduct({ ctx: to, db: tx, input: { productId: product.id } });
}

async function seedPassport(tx: Tx, ctx: DomainContext, p: DemoPassport): Promise<string> {
  const schema = CATEGORY_SCHEMAS[p.category];
  const category = await tx.category.findUniqueOrThrow({ where: { code: p.category } });
  const product = await tx.product.create({
    data: {
      companyId: ctx.companyId,
      categoryId: category.id,
      schemaVersion: schema.version,
      slug: p.slug,
      name: p.name,
      gtin: p.gtin ? p.gtin.padStart(14, '0') : null,
      serialNumber: p.serialNumber ?? null,
      batchNumber: p.batchNumber ?? null,
      formData: exampleFormData(schema, p.fields) as Prisma.InputJsonObject,
      isDemo: true,
    },
  });
  await writeAudit(tx, { companyId: ctx.companyId, productId: product.id, eventType: 'Create', actor: ctx.actor });
  if (p.finalState === 'draft') return product.id;
  await submitProduct({ ctx, db: tx, input: { productId: product.id } });
  if (p.finalState === 'submitted') return product.id;
  await approveProduct({ ctx, db: tx, input: { productId: product.id } });
  for (const change of p.revisions ?? []) {
    await startRevision({ ctx, db: tx, input: { productId: product.id } });
    const current = await tx.product.findUniqueOrThrow({ where: { id: product.id } });
    const formData = { ...(current.formData as Record<string, unknown>), ...knownFields(schema, change) };
    await tx.product.update({ where: { id: product.id }, data: { formData: formData as Prisma.InputJsonObject } });
    await submitProduct({ ctx, db: tx, input: { productId: product.id } });
    await approveProduct({ ctx, db: tx, input: { productId: product.id } });
  }
  return product.id;
}

/** Only the members of `fields` whose schema field has `level` (a model never holds item-level values). */
function ofLevel(schema: CategorySchema, level: 'model' | 'item', fields: Record<string, unknown>) {
  const ids = new Set(schema.fields.filter((f) => levelOf(f).level === level).map((f) => f.id));
  return Object.fromEntries(Object.entries(fields).filter(([id]) => ids.has(id)));
}

/** A published battery model and its published items, each item built on the model's version 1. */
async function seedModel(tx: Tx, ctx: DomainContext, m: DemoModel): Promise<void> {
  const schema = CATEGORY_SCHEMAS[m.category];
  const category = await tx.category.findUniqueOrThrow({ where: { code: m.category } });
  const common = { companyId: ctx.companyId, categoryId: category.id, schemaVersion: schema.version, isDemo: true };
  const gtin = m.gtin.padStart(14, '0');
  const model = await tx.product.create({
    data: {
      ...common,
      kind: 'MODEL',
      slug: m.slug,
      name: m.name,
      gtin,
      formData: exampleFormDataOfLevel(schema, 'model', ofLevel(schema, 'model', m.fields)) as Prisma.InputJsonObject,
    },
  });
  await writeAudit(tx, { companyId: ctx.companyId, productId: model.id, eventType: 'Create', actor: ctx.actor });
  await submitProduct({ ctx, db: tx, input: { productId: model.id } });
  await approveProduct({ ctx, db: tx, input: { productId: model.id } });
  for (const item of m.items) {
    const row = await tx.product.create({
      data: {
        ...common,
        kind: 'ITEM',
        modelId: model.id,
        slug: `${m.slug.replace(/-model$/, '')}-${item.serialNumber.toLowerCase()}`,
        name: `${m.name.replace(/ \(model\)$/, '')} · ${item.serialNumber}`,
        gtin,
        serialNumber: item.serialNumber,
        formData: exampleFormDataOfLevel(schema, 'item', item.fields) as Prisma.InputJsonObject,
      },
    });
    await writeAudit(tx, { companyId: ctx.companyId, productId: row.id, eventType: 'Create', actor: ctx.actor });
    await submitProduct({ ctx, db: tx, input: { productId: row.id } });
    await approveProduct({ ctx, db: tx, input: { productId: row.id } });
  }
}
