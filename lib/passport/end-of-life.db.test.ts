// End of life (Art. 77(8) of Regulation (EU) 2023/1542): a recycled battery's passport is frozen, says so on its
// public documents, refuses BMS reports, and ceases once its retention period is over.
import { afterAll, describe, expect, it } from 'vitest';
import { callBms } from '../../testing/bms';
import { auditRows, keyCtx, refusal } from '../../testing/domain';
import { createBmsTenant } from '../../testing/factories';
import { postBmsUpdate } from '../bms/endpoint';
import { config } from '../config';
import { disconnectPrisma, prisma } from '../db/client';
import { closeExpiredRecycledPassports, purgeTelemetryHistory } from '../jobs/end-of-life';
import { recyclePassport } from './drafts/recycle-passport';
import { deprecateProduct, reinstateProduct, startRevision, withdrawProduct } from './lifecycle';
import { buildJsonLd, findPublicPassport } from './public/representations';
import { DPP_TERMS } from './public/vocabulary';
import { recycleProduct } from './transitions/recycle';

afterAll(() => disconnectPrisma());

const reviewer = (companyId: string) => ({
  companyId,
  actor: { role: 'REVIEWER', id: null, channel: 'Portal' as const },
});

async function recycled(note: string | null = 'Recycled at Example Recycling, certificate R-1') {
  const tenant = await createBmsTenant(prisma, { formData: { current_soh_pct: 81 } });
  await recyclePassport({ ctx: keyCtx(tenant.company.id), input: { productId: tenant.product.id, note } });
  return tenant;
}

describe('marking a passport recycled', () => {
  it('keeps it published and readable with the end-of-life member, audits it and emits product.recycled', async () => {
    const before = Date.now();
    const { company, product } = await recycled();
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.state).toBe('APPROVED');
    expect(row.recycledAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const days = (row.recycledRetainUntil!.getTime() - row.recycledAt!.getTime()) / 86_400_000;
    expect(days).toBe(config().RECYCLED_PASSPORT_RETENTION_DAYS);

    const found = await findPublicPassport({ slug: product.slug });
    expect(found.kind).toBe('published');
    if (found.kind !== 'published') return;
    // The contract's members are unchanged (status stays `published`); the end of life is an added member.
    expect(found.passport.dpp.status).toBe('published');
    expect(found.passport.dpp.endOfLife).toEqual({
      status: 'recycled',
      recycledAt: row.recycledAt!.toISOString(),
      readableUntil: row.recycledRetainUntil!.toISOString(),
      note: 'Recycled at Example Recycling, certificate R-1',
    });
    const jsonld = buildJsonLd(found.passport, 'https://passports.example') as Record<string, any>;
    expect(jsonld['dpp:status']).toBe('published');
    // Every term it uses is defined in the service's vocabulary (/ns/dpp).
    const terms = JSON.stringify(jsonld['dpp:endOfLife']).match(/dpp:\w+/g)!;
    expect(terms.filter((t) => !DPP_TERMS.some((d) => `dpp:${d.term}` === t))).toEqual([]);
    expect(jsonld['dpp:endOfLife']).toMatchObject({
      'dpp:lifecycleStatus': 'recycled',
      'dpp:recycledAt': row.recycledAt!.toISOString(),
    });

    const audit = (await auditRows(product.id)).at(-1)!;
    expect(audit).toMatchObject({ eventType: 'Recycle', actorRole: 'Integration', eventChannel: 'API' });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: company.id, type: 'product.recycled' } });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ productId: product.id, recycledAt: row.recycledAt!.toISOString() });
  });

  it('freezes it: revision, withdrawal, deprecation and a second recycling answer PRODUCT_FROZEN', async () => {
    const { company, product } = await recycled(null);
    const ctx = reviewer(company.id);
    const input = { productId: product.id };
    for (const attempt of [
      () => startRevision({ ctx, input }),
      () => withdrawProduct({ ctx, input: { ...input, reason: 'recall' } }),
      () => deprecateProduct({ ctx, input }),
      () => recycleProduct({ ctx, input }),
    ]) {
      const err = await refusal(attempt());
      expect(err.code).toBe('PRODUCT_FROZEN');
      expect(err.options.details).toMatchObject({ state: 'recycled' });
    }
    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.state).toBe('APPROVED');
  });

  it('refuses a product that is not published (INVALID_STATE) and another tenant’s (NOT_FOUND)', async () => {
    const { company, product } = await createBmsTenant(prisma);
    await startRevision({ ctx: reviewer(company.id), input: { productId: product.id } });
    const draft = await refusal(recycleProduct({ ctx: reviewer(company.id), input: { productId: product.id } }));
    expect(draft.code).toBe('INVALID_STATE');
    const other = await createBmsTenant(prisma);
    const foreign = await refusal(
      recycleProduct({ ctx: reviewer(other.company.id), input: { productId: product.id } }),
    );
    expect(foreign.code).toBe('NOT_FOUND');
  });

  it('refuses BMS reports with 410 PRODUCT_WITHDRAWN and writes nothing', async () => {
    const { product, secret } = await recycled();
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const res = await callBms(postBmsUpdate, {
      productId: product.id,
      body: { formDataPatch: { current_soh_pct: 42 }, lifetimeCounters: { deepDischargeEvents: 3 } },
      secret,
    });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 'PRODUCT_WITHDRAWN', error: expect.stringContaining('recycled') });
    const after = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(after.formData).toEqual(before.formData);
    expect(after.revision).toBe(before.revision);
    expect(await prisma.telemetryReport.count({ where: { productId: product.id } })).toBe(0);
    expect(await prisma.usedBmsSignature.count({ where: { productId: product.id } })).toBe(0);
    expect(await prisma.lifetimeCounters.findUnique({ where: { productId: product.id } })).toBeNull();
  });
});

describe('the end-of-life job', () => {
  it('closes a recycled passport past its retention period once (410 with the end-of-life reason), and it stays closed', async () => {
    const { company, product } = await recycled();
    const kept = await recycled();
    const recycledAt = new Date(Date.now() - 200 * 86_400_000);
    await prisma.product.update({
      where: { id: product.id },
      data: { recycledAt, recycledRetainUntil: new Date(Date.now() - 1000) },
    });

    const closed = await closeExpiredRecycledPassports();
    expect(closed).toContain(product.id);
    expect(closed).not.toContain(kept.product.id);
    expect(await closeExpiredRecycledPassports()).not.toContain(product.id);

    const row = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.state).toBe('WITHDRAWN');
    expect(row.withdrawalReason).toContain('recycled on');
    const found = await findPublicPassport({ slug: product.slug });
    expect(found.kind).toBe('withdrawn');
    if (found.kind === 'withdrawn') {
      expect(found.withdrawal.reason).toContain('Art. 77(8)');
      expect(found.passport.dpp.endOfLife?.recycledAt).toBe(recycledAt.toISOString());
    }
    expect((await findPublicPassport({ slug: kept.product.slug })).kind).toBe('published');
    expect((await auditRows(product.id)).filter((a) => a.eventType === 'EndOfLifeClose')).toHaveLength(1);
    // A ceased passport is not brought back.
    const err = await refusal(reinstateProduct({ ctx: reviewer(company.id), input: { productId: product.id } }));
    expect(err.code).toBe('PRODUCT_FROZEN');
  });

  it('purges stored BMS reports older than the telemetry retention and keeps the newer ones', async () => {
    const { product } = await createBmsTenant(prisma);
    const days = config().TELEMETRY_RETENTION_DAYS;
    const old = new Date(Date.now() - (days + 1) * 86_400_000);
    const recent = new Date(Date.now() - (days - 1) * 86_400_000);
    await prisma.telemetryReport.createMany({
      data: [
        { productId: product.id, reportedAt: old, receivedAt: old, values: { current_soh_pct: 99 } },
        { productId: product.id, reportedAt: recent, receivedAt: recent, values: { current_soh_pct: 90 } },
      ],
    });
    expect(await purgeTelemetryHistory()).toBeGreaterThanOrEqual(1);
    const left = await prisma.telemetryReport.findMany({ where: { productId: product.id } });
    expect(left.map((r) => r.values)).toEqual([{ current_soh_pct: 90 }]);
    expect(await purgeTelemetryHistory()).toBe(0);
  });
});
