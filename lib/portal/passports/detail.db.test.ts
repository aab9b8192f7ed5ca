import { afterAll, describe, expect, it } from 'vitest';
import { reportSignature } from '../../../testing/bms';
import { documentTenant, tempStorage, uploadInput } from '../../../testing/documents';
import { createPublishedPassport, createTestBmsSecret, createTestProduct } from '../../../testing/factories';
import { operatorCtx, portalCompany, setRegistration } from '../../../testing/portal-passports';
import { bmsContext, ingestTelemetry } from '../../bms/ingest-telemetry';
import { disconnectPrisma, prisma } from '../../db/client';
import { uploadDocument } from '../../documents/upload';
import { putFormData } from '../../passport/drafts/put-form-data';
import { addComponent } from '../../passport/relations/add-component';
import { addTraceabilityEntry } from '../../passport/relations/add-traceability-entry';
import { loadPassportDetail } from './detail';

afterAll(() => disconnectPrisma());

const load = (ctx: ReturnType<typeof operatorCtx>, productId: string, pages = {}) =>
  loadPassportDetail({ ctx, input: { productId, pages } });

describe('loadPassportDetail', () => {
  it("answers null for another company's passport, an unknown id and a malformed id", async () => {
    const { company } = await portalCompany();
    const other = await portalCompany();
    const product = await createTestProduct(prisma, { companyId: company.id });
    expect(await load(other.ctx, product.id)).toBeNull();
    expect(await load(other.ctx, crypto.randomUUID())).toBeNull();
    expect(await load(other.ctx, 'not-a-uuid')).toBeNull();
    expect(await load(operatorCtx(company.id, 'REVIEWER'), product.id)).not.toBeNull();
  });

  it("shows a draft's form data with its schema, the readiness report and gate, relations and its own audit trail", async () => {
    const { company, ctx } = await portalCompany();
    const draft = await createTestProduct(prisma, { companyId: company.id });
    const part = await createTestProduct(prisma, { companyId: company.id });
    const elsewhere = await createTestProduct(prisma, { companyId: company.id });
    await putFormData({
      ctx,
      input: { productId: draft.id, formData: { model_number: 'VX-75', battery_mass_kg: 412.5 } },
    });
    await putFormData({ ctx, input: { productId: elsewhere.id, formData: { model_number: 'OTHER' } } });
    await addComponent({ ctx, input: { productId: draft.id, childId: part.id, quantity: 4, role: 'module' } });
    await addTraceabilityEntry({ ctx, input: { productId: draft.id, stage: 'cell_manufacturing', country: 'DE' } });

    const detail = (await load(operatorCtx(company.id, 'REVIEWER'), draft.id))!;
    expect(detail.product).toMatchObject({
      id: draft.id,
      state: 'DRAFT',
      publicState: 'draft',
      mode: 'live',
      version: 0,
      urls: { passport: null },
    });
    expect(detail.formData).toMatchObject({ model_number: 'VX-75', battery_mass_kg: 412.5 });
    expect(detail.schema.category).toBe('EV_BATTERY');
    expect(detail.schema.fields.some((f) => f.access === 'legitimate_interest')).toBe(true);
    expect(detail.readiness.ok).toBe(false);
    expect(detail.readiness.missing.map((e) => e.field_id)).toContain('manufacturer_name');
    expect(detail.gate.ok).toBe(false);
    expect(detail.gate.checks.map((c) => c.id)).toEqual([
      'readiness',
      'schema_compatibility',
      'component_graph',
      'gtin_prefix',
      'documents',
    ]);
    expect(detail.components.items.map((c) => [c.child.id, c.quantity, c.role])).toEqual([[part.id, 4, 'module']]);
    expect(detail.traceability.items.map((t) => [t.stage, t.country])).toEqual([['cell_manufacturing', 'DE']]);
    expect(detail.documents).toEqual({ items: [], nextCursor: null });
    expect(detail.versions).toEqual({ items: [], nextCursor: null });
    expect(detail.counters).toBeNull();
    const update = detail.audit.find((a) => a.eventType === 'Update' && a.context.some(([k]) => k === 'fields'));
    expect(update).toMatchObject({
      actorRole: 'EDITOR',
      channel: 'Portal',
      context: [['fields', 'model_number, battery_mass_kg']],
    });
    expect(detail.audit.every((a) => !a.context.some(([, v]) => v.includes('OTHER')))).toBe(true);
  });

  it('shows a published passport with its public address, each version with hash and size, and the BMS counters', async () => {
    const { company, ctx } = await portalCompany();
    const passport = await createPublishedPassport(prisma, { companyId: company.id });
    const secret = await createTestBmsSecret(prisma, company.id);
    await ingestTelemetry({
      ctx: bmsContext({ id: secret.id, companyId: company.id }),
      input: {
        productId: passport.id,
        update: { lifetimeCounters: { deepDischargeEvents: 3, totalEnergyThroughputKwh: null } },
        signature: reportSignature(),
      },
    });
    const detail = (await load(ctx, passport.id))!;
    expect(detail.product.urls.passport).toMatch(/^http:\/\/localhost:3000\//);
    const stored = await prisma.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: passport.id, version: 1 } },
    });
    expect(detail.versions.items).toEqual([
      {
        version: 1,
        publishedAt: stored.publishedAt,
        sha256: stored.sha256,
        byteLength: stored.byteLength,
        schemaVersion: stored.schemaVersion,
      },
    ]);
    expect(detail.counters).toMatchObject({ deepDischargeEvents: 3, totalEnergyThroughputKwh: null });
    const bms = detail.audit.find((a) => a.actorRole === 'System' && a.eventType === 'Update');
    expect(Object.fromEntries(bms!.context)).toMatchObject({
      source: 'bms-webhook',
      counterUpdated: 'true',
      rejectedFormDataKeys: '(none)',
    });
    expect(detail.audit.map((a) => a.eventType)).toContain('Approve');
  });

  it("lists the passport's documents, and says so when the plan has no documents module", async () => {
    const { product, ctx: keyCtx, company } = await documentTenant();
    const { storage } = await tempStorage();
    const { document } = await uploadDocument({ ctx: keyCtx, storage, input: uploadInput(product.id) });
    const detail = (await load(operatorCtx(company.id), product.id))!;
    expect(detail.documents?.items.map((d) => [d.id, d.sha256])).toEqual([[document.id, document.sha256]]);
    await prisma.company.update({ where: { id: company.id }, data: { modules: ['integration_api'] } });
    expect((await load(operatorCtx(company.id), product.id))!.documents).toBeNull();
  });

  it("reports the EU registry registration as the API does: a draft's none, a publication's pending, a failure's error", async () => {
    const { company, ctx } = await portalCompany();
    const draft = await createTestProduct(prisma, { companyId: company.id });
    expect((await load(ctx, draft.id))!.registry).toMatchObject({
      status: 'not_registered',
      registrationId: null,
      currentVersion: 0,
      attempts: 0,
    });
    const passport = await createPublishedPassport(prisma, { companyId: company.id });
    expect((await load(ctx, passport.id))!.registry).toMatchObject({
      status: 'pending',
      registeredVersion: null,
      currentVersion: 1,
    });
    await setRegistration(prisma, passport.id, 'FAILED', { lastError: 'refused: 422 commodityCode', attempts: 5 });
    expect((await load(ctx, passport.id))!.registry).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'refused: 422 commodityCode',
      // Refused: nothing planned until the passport changes.
      nextAttemptAt: null,
    });
  });

  it('pages versions by version number, newest first, and ignores a page parameter it never handed out', async () => {
    const { company, ctx } = await portalCompany();
    const passport = await createPublishedPassport(prisma, { companyId: company.id });
    const detail = (await load(ctx, passport.id, {
      versions: 'garbage',
      components: 'garbage',
      documents: 'garbage',
      traceability: 'garbage',
    }))!;
    expect(detail.versions.items.map((v) => v.version)).toEqual([1]);
    expect((await load(ctx, passport.id, { versions: '1' }))!.versions.items).toEqual([]);
  });
});
