import { type Db, prisma, type Tx } from '../../db/client';
import type { LifetimeCounters } from '../../db/generated/client';
import type { DomainContext, VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { getProductOrThrow } from '../../passport/drafts/find-product';
import { type GateReport, gateOf } from '../../passport/drafts/gate';
import { type ProductRow, type ProductSummary, productSummary } from '../../passport/drafts/product-view';
import type { ReadinessReport } from '../../passport/drafts/readiness';
import { type ModelFamily, modelFamilyOf } from '../../passport/models/family';
import { loadCategorySchema } from '../../passport/schema-version';
import { type RegistrationReport, registrationStatus } from '../../registry/status';
import type { CategorySchema } from '../../schema/types';
import { type AuditEntryView, auditEntryView } from './audit-context';
import { componentsPage, documentsPage, type SectionPages, traceabilityPage, versionsPage } from './detail-sections';

export const AUDIT_ENTRIES_SHOWN = 50;

export interface PassportDetail {
  product: ProductSummary & { isDemo: boolean; withdrawalReason: string | null };
  /** An item's model, or a model's item count and re-publication progress. */
  family: ModelFamily;
  formData: Record<string, unknown>;
  schema: CategorySchema;
  readiness: ReadinessReport;
  gate: GateReport;
  documents: Awaited<ReturnType<typeof documentsPage>>;
  components: Awaited<ReturnType<typeof componentsPage>>;
  traceability: Awaited<ReturnType<typeof traceabilityPage>>;
  versions: Awaited<ReturnType<typeof versionsPage>>;
  counters: LifetimeCounters | null;
  /** The EU registry registration, as `GET /api/v1/products/{id}/registry` reports it. */
  registry: RegistrationReport;
  audit: AuditEntryView[];
}

/** The tenant's product, or null for an unknown, malformed or another company's id (the page answers 404). */
export async function findPassport(db: Db | Tx, ctx: DomainContext, productId: string): Promise<ProductRow | null> {
  try {
    return await getProductOrThrow(db, ctx, productId);
  } catch (error) {
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'INVALID_ID')) return null;
    throw error;
  }
}

/**
 * Everything the portal's passport page shows, for the operator's company only: the form data with its schema,
 * the readiness report and publication gate (the functions the API's gate endpoint runs), one page of each
 * list, the BMS lifetime counters, the EU registry registration and the latest audit entries. Null when the product
 * is not the company's.
 */
export async function loadPassportDetail({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string; pages?: SectionPages }>): Promise<PassportDetail | null> {
  const row = await findPassport(db, ctx, input.productId);
  if (!row) return null;
  const pages = input.pages ?? {};
  const [
    schema,
    { readiness, ...gate },
    documents,
    components,
    traceability,
    versions,
    counters,
    registry,
    audit,
    family,
  ] = await Promise.all([
    loadCategorySchema(db as Tx, row.categoryId, row.schemaVersion),
    gateOf(db, row),
    documentsPage(db, ctx, row.id, pages.documents),
    componentsPage(db, ctx, row.id, pages.components),
    traceabilityPage(db, ctx, row.id, pages.traceability),
    versionsPage(db, row.id, pages.versions),
    db.lifetimeCounters.findUnique({ where: { productId: row.id } }),
    registrationStatus({ ctx, db, input: { productId: row.id } }),
    db.auditLog.findMany({
      where: { productId: row.id, companyId: ctx.companyId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: AUDIT_ENTRIES_SHOWN,
    }),
    modelFamilyOf(db, row),
  ]);
  return {
    product: { ...productSummary(row), isDemo: row.isDemo, withdrawalReason: row.withdrawalReason },
    formData: (row.formData ?? {}) as Record<string, unknown>,
    schema,
    readiness,
    gate,
    documents,
    components,
    traceability,
    versions,
    counters,
    registry,
    audit: audit.map(auditEntryView),
    family,
  };
}
