import { afterAll, describe, expect, it, vi } from 'vitest';
import { bmsTenant, callBms, reportSignature } from '../../testing/bms';
import { createTestBmsSecret, createTestCompany, createTestProduct } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { createBmsUpdateRoute, postBmsUpdate } from './endpoint';
import { bmsContext, ingestTelemetry } from './ingest-telemetry';
import { BMS_INTERNAL_MESSAGE } from './messages';
import { LIFETIME_COUNTER_NAMES } from './schemas';
import { revokeBmsSecret } from './secrets';

afterAll(() => disconnectPrisma());

const now = () => Math.floor(Date.now() / 1000);
const audits = (productId: string) =>
  prisma.auditLog.findMany({ where: { productId, eventContext: { path: ['source'], equals: 'bms-webhook' } } });
const events = (companyId: string) =>
  prisma.webhookEvent.findMany({ where: { companyId, type: 'passport.telemetry_updated' } });

describe('a successful BMS update', () => {
  it('merges whitelisted keys, upserts counters, audits once, stamps the secret and the product, emits the event', async () => {
    const { company, product, secret, secretId } = await bmsTenant({ current_soh_pct: 99, remaining_energy_kwh: 70 });
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const body = {
      formDataPatch: {
        current_soh_pct: 95.5,
        current_cycle_count: 120,
        model_number: 'HACKED',
        carbon_footprint_total_kg_co2e: 1,
      },
      lifetimeCounters: { totalEnergyThroughputKwh: 1500.5, deepDischargeEvents: 2, timeAtTempLowSec: null },
    };
    const res = await callBms(postBmsUpdate, { productId: product.id, body, secret });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      productId: product.id,
      appliedKeys: ['current_soh_pct', 'current_cycle_count'],
      rejectedKeys: ['model_number', 'carbon_footprint_total_kg_co2e'],
      counterUpdated: true,
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');

    const after = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const formData = after.formData as Record<string, unknown>;
    const old = before.formData as Record<string, unknown>;
    expect(formData).toEqual({ ...old, current_soh_pct: 95.5, current_cycle_count: 120 });
    expect(formData.model_number).toBe(old.model_number);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(after.lockVersion).toBe(before.lockVersion);
    expect(await prisma.lifetimeCounters.findUniqueOrThrow({ where: { productId: product.id } })).toMatchObject({
      totalEnergyThroughputKwh: 1500.5,
      deepDischargeEvents: 2,
      timeAtTempLowSec: null,
      timeAtTempHighSec: null,
    });
    const [audit, ...more] = await audits(product.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      companyId: company.id,
      eventType: 'Update',
      actorRole: 'System',
      actorId: secretId,
      eventChannel: 'API',
    });
    expect(audit!.eventContext).toEqual({
      source: 'bms-webhook',
      appliedFormDataKeys: ['current_soh_pct', 'current_cycle_count'],
      rejectedFormDataKeys: ['model_number', 'carbon_footprint_total_kg_co2e'],
      counterUpdated: true,
      webhookSecretId: secretId,
    });
    expect((await prisma.bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt).toBeInstanceOf(Date);
    const [event] = await events(company.id);
    expect(event).toMatchObject({
      mode: 'LIVE',
      payload: { productId: product.id, appliedKeys: ['current_soh_pct', 'current_cycle_count'], counterUpdated: true },
    });
  });

  it('keeps an omitted counter, stores null as not measured, and needs no formDataPatch', async () => {
    const { product, secret } = await bmsTenant();
    const send = (lifetimeCounters: Record<string, number | null>) =>
      callBms(postBmsUpdate, { productId: product.id, body: { lifetimeCounters }, secret });
    expect((await send({ timeAtTempHighSec: 10, timeAtTempLowSec: 20 })).body).toMatchObject({
      appliedKeys: [],
      rejectedKeys: [],
      counterUpdated: true,
    });
    await send({ timeAtTempHighSec: 11, timeAtTempLowSec: null });
    expect(await prisma.lifetimeCounters.findUniqueOrThrow({ where: { productId: product.id } })).toMatchObject({
      timeAtTempHighSec: 11,
      timeAtTempLowSec: null,
    });
    await send({ deepDischargeEvents: 1 });
    expect(await prisma.lifetimeCounters.findUniqueOrThrow({ where: { productId: product.id } })).toMatchObject({
      timeAtTempHighSec: 11,
      timeAtTempLowSec: null,
      deepDischargeEvents: 1,
    });
  });

  it('applies to drafts and sandbox products too, and an empty patch still audits without an event', async () => {
    const company = await createTestCompany(prisma);
    const secret = await createTestBmsSecret(prisma, company.id);
    const sandbox = await createTestProduct(prisma, { companyId: company.id, mode: 'test' });
    const res = await callBms(postBmsUpdate, {
      productId: sandbox.id.toUpperCase(),
      body: { formDataPatch: { current_soh_pct: 80 } },
      secret: secret.secret,
    });
    expect(res.body).toEqual({
      ok: true,
      productId: sandbox.id,
      appliedKeys: ['current_soh_pct'],
      rejectedKeys: [],
      counterUpdated: false,
    });
    expect((await events(company.id))[0]).toMatchObject({ mode: 'TEST' });
    const draft = await createTestProduct(prisma, { companyId: company.id });
    expect(
      (
        await callBms(postBmsUpdate, {
          productId: draft.id,
          body: { formDataPatch: { foo: 1 } },
          secret: secret.secret,
        })
      ).body,
    ).toMatchObject({ appliedKeys: [], rejectedKeys: ['foo'], counterUpdated: false });
    expect(await audits(draft.id)).toHaveLength(1);
    expect(await events(company.id)).toHaveLength(1);
  });
});

describe('parallel updates to one product', () => {
  it('never lose a key or a counter', async () => {
    const { product, secret } = await bmsTenant();
    const keys = [
      'current_soh_pct',
      'current_cycle_count',
      'remaining_energy_kwh',
      'remaining_capacity_ah',
      'remaining_capacity_kwh',
      'remaining_power_capability_kw',
      'overcharge_events',
      'deep_discharge_events',
      'number_of_charging_events',
      'time_at_temp_low_sec',
    ];
    const counters = LIFETIME_COUNTER_NAMES;
    const results = await Promise.all(
      keys.map((key, i) =>
        callBms(postBmsUpdate, {
          productId: product.id,
          secret,
          body: {
            formDataPatch: { [key]: i + 1 },
            ...(i < counters.length ? { lifetimeCounters: { [counters[i]!]: i + 1 } } : {}),
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 200));
    const formData = (await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).formData as Record<
      string,
      unknown
    >;
    for (const [i, key] of keys.entries()) expect(formData[key], key).toBe(i + 1);
    const stored = (await prisma.lifetimeCounters.findUniqueOrThrow({
      where: { productId: product.id },
    })) as unknown as Record<string, unknown>;
    for (const [i, name] of counters.entries()) expect(stored[name], name).toBe(i + 1);
    expect(await audits(product.id)).toHaveLength(keys.length);
  });
});

describe('a failed write', () => {
  it('answers 500 INTERNAL and rolls back everything: form data, counters, audit, event, last use', async () => {
    const { company, product, secret, secretId } = await bmsTenant();
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    const name = `bms_fail_${product.id.replaceAll('-', '')}`;
    await prisma.$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."productId" = '${product.id}'::uuid THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE INSERT ON "LifetimeCounters" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
    );
    try {
      const res = await callBms(postBmsUpdate, {
        productId: product.id,
        secret,
        body: { formDataPatch: { current_soh_pct: 50 }, lifetimeCounters: { deepDischargeEvents: 1 } },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'INTERNAL', error: BMS_INTERNAL_MESSAGE });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER ${name} ON "LifetimeCounters"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    }
    const after = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(after.formData).toEqual(before.formData);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await prisma.lifetimeCounters.findUnique({ where: { productId: product.id } })).toBeNull();
    expect(await audits(product.id)).toEqual([]);
    expect(await events(company.id)).toEqual([]);
    expect((await prisma.bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt).toBeNull();
  });
});

describe('the order of checks', () => {
  it('refuses a revoked secret at once, before looking at the signature or the product', async () => {
    const { company, product, secret, secretId } = await bmsTenant();
    expect((await callBms(postBmsUpdate, { productId: product.id, body: { formDataPatch: {} }, secret })).status).toBe(
      200,
    );
    await revokeBmsSecret(prisma, {
      companyId: company.id,
      secretId,
      actor: { role: 'System', id: 'test', channel: 'System' },
    });
    const res = await callBms(postBmsUpdate, {
      productId: product.id,
      body: { formDataPatch: {} },
      secret,
      signature: 'nonsense',
    });
    expect(res).toMatchObject({
      status: 401,
      body: { code: 'BAD_SECRET', error: 'The BMS secret matches no active secret.' },
    });
  });

  it('checks the signature before the limit, the product before the body', async () => {
    const { product, secret, secretId } = await bmsTenant();
    const limitSecret = vi.fn(async () => ({ success: true, limit: 20, remaining: 19, resetSeconds: 1 }));
    const route = createBmsUpdateRoute({ limitSecret });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await callBms(route, { productId: unknown, rawBody: 'not json', secret, timestamp: now() - 400 })).body,
    ).toMatchObject({ code: 'BAD_SIGNATURE', reason: 'outside_window' });
    expect(limitSecret).not.toHaveBeenCalled();
    expect((await callBms(route, { productId: unknown, rawBody: 'not json', secret })).body.code).toBe('NOT_FOUND');
    expect(limitSecret).toHaveBeenCalledWith(secretId);
    const other = await bmsTenant();
    expect((await callBms(route, { productId: other.product.id, rawBody: 'not json', secret })).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await callBms(route, { productId: product.id, rawBody: 'not json', secret })).body).toEqual({
      code: 'BAD_BODY',
      error: 'The body is not valid JSON.',
    });
  });

  it('answers 429 per secret in the BMS shape with Retry-After and RateLimit-*, writing nothing', async () => {
    const { product, secret } = await bmsTenant();
    const route = createBmsUpdateRoute({
      limitSecret: async () => ({ success: false, limit: 20, remaining: 0, resetSeconds: 1 }),
    });
    const res = await callBms(route, {
      productId: product.id,
      body: { formDataPatch: { current_soh_pct: 1 } },
      secret,
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 'RATE_LIMITED',
      error: 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.',
    });
    expect(
      Object.fromEntries(
        ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((h) => [
          h,
          res.headers.get(h),
        ]),
      ),
    ).toEqual({
      'retry-after': '1',
      'ratelimit-limit': '20',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '1',
    });
    expect(await audits(product.id)).toEqual([]);
  });

  it('refuses with 403 FORBIDDEN a product outside the secret’s list, a suspended company and a plan without BMS', async () => {
    const { company, product } = await bmsTenant();
    const elsewhere = await createTestProduct(prisma, { companyId: company.id });
    const limited = await createTestBmsSecret(prisma, company.id, { productIds: [elsewhere.id] });
    expect(
      (await callBms(postBmsUpdate, { productId: product.id, body: { formDataPatch: {} }, secret: limited.secret }))
        .body,
    ).toEqual({ code: 'FORBIDDEN', error: 'This secret is limited to other products.' });
    expect(
      (await callBms(postBmsUpdate, { productId: elsewhere.id, body: { formDataPatch: {} }, secret: limited.secret }))
        .status,
    ).toBe(200);
    const suspended = await bmsTenant({}, { suspendedAt: new Date() });
    expect(
      (
        await callBms(postBmsUpdate, {
          productId: suspended.product.id,
          body: { formDataPatch: {} },
          secret: suspended.secret,
        })
      ).body,
    ).toEqual({ code: 'FORBIDDEN', error: 'The company is suspended.' });
    const noModule = await bmsTenant({}, { modules: ['integration_api'] });
    expect(
      (
        await callBms(postBmsUpdate, {
          productId: noModule.product.id,
          body: { formDataPatch: {} },
          secret: noModule.secret,
        })
      ).body,
    ).toEqual({ code: 'FORBIDDEN', error: "The company's plan does not include BMS telemetry." });
  });
});

describe('the one update statement', () => {
  it('refuses a secret revoked after the request looked it up with 401 BAD_SECRET, writing nothing', async () => {
    const { company, product, secretId } = await bmsTenant();
    const before = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    await revokeBmsSecret(prisma, {
      companyId: company.id,
      secretId,
      actor: { role: 'System', id: 'test', channel: 'System' },
    });
    const update = ingestTelemetry({
      ctx: bmsContext({ id: secretId, companyId: company.id }),
      input: {
        productId: product.id,
        update: { formDataPatch: { current_soh_pct: 50 }, lifetimeCounters: { deepDischargeEvents: 4 } },
        signature: reportSignature(),
      },
    });
    await expect(update).rejects.toMatchObject({ code: 'BAD_SECRET' });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).formData).toEqual(before.formData);
    expect(await prisma.lifetimeCounters.findUnique({ where: { productId: product.id } })).toBeNull();
    expect(await audits(product.id)).toEqual([]);
    expect(await events(company.id)).toEqual([]);
  });

  it('writes its times in UTC as every other writer does, and stamps the secret at most once a minute', async () => {
    const { product, secret, secretId } = await bmsTenant();
    // Each report its own (two identical reports in one second would be one report sent twice: a replay).
    let reports = 0;
    const send = () =>
      callBms(postBmsUpdate, {
        productId: product.id,
        body: { lifetimeCounters: { deepDischargeEvents: ++reports } },
        secret,
      });
    expect((await send()).status).toBe(200);
    const near = (date: Date | null | undefined) => Math.abs((date?.getTime() ?? 0) - Date.now()) < 60_000;
    const stamped = (await prisma.bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt;
    expect(near(stamped)).toBe(true);
    expect(near((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).updatedAt)).toBe(true);
    expect(
      near((await prisma.lifetimeCounters.findUniqueOrThrow({ where: { productId: product.id } })).updatedAt),
    ).toBe(true);
    expect(near((await audits(product.id))[0]?.createdAt)).toBe(true);
    expect((await send()).status).toBe(200);
    expect((await prisma.bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt).toEqual(stamped);
  });
});

describe('parallel updates through one secret', () => {
  it("all succeed when the secret's last use is due to be stamped (no two updates wait for each other's lock)", async () => {
    const { company, product, secret, secretId } = await bmsTenant();
    const others = await Promise.all(
      Array.from({ length: 11 }, () => createTestProduct(prisma, { companyId: company.id })),
    );
    const products = [product, ...others];
    const route = createBmsUpdateRoute({
      limitSecret: async () => ({ success: true, limit: 1000, remaining: 999, resetSeconds: 1 }),
    });
    for (let round = 0; round < 3; round++) {
      await prisma.bmsSecret.update({ where: { id: secretId }, data: { lastUsedAt: null } });
      (globalThis as Record<symbol, unknown>)[Symbol.for('battery-passport-service.bms-secret-stamps')] = undefined;
      const results = await Promise.all(
        products.map((p, i) =>
          callBms(route, {
            productId: p.id,
            secret,
            body: { formDataPatch: { current_soh_pct: 90 - i }, lifetimeCounters: { deepDischargeEvents: round } },
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(products.map(() => 200));
      expect((await prisma.bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt).toBeInstanceOf(Date);
    }
  });
});

describe('a body whose connection breaks', () => {
  it('is 400 BAD_BODY (the client is gone), never a database failure, and writes nothing', async () => {
    const { product, secret } = await bmsTenant();
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })),
    });
    const request = new Request(`http://localhost/api/v1/products/${product.id}/bms-update`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'x-service-bms-secret': secret, 'x-service-signature': `t=${now()}, v1=00` },
    } as RequestInit);
    const res = await postBmsUpdate(request, { params: Promise.resolve({ id: product.id }) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('BAD_BODY');
    expect(await audits(product.id)).toEqual([]);
  });
});
