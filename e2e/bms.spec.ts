// HTTP contract tests of POST /api/v1/products/{id}/bms-update and GET /api/v1/bms/openapi.json. 503
// FEATURE_FLAG_OFF needs the flag off: e2e/isolated-server.spec.ts and lib/bms/feature-flag.test.ts prove it.
import { spawn } from 'node:child_process';
import SwaggerParser from '@apidevtools/swagger-parser';
import { LIFETIME_COUNTER_NAMES } from '../lib/bms/schemas';
import { revokeBmsSecret } from '../lib/bms/secrets';
import { DYNAMIC_FIELDS } from '../lib/schema/fields/dynamic';
import { clientAddress } from '../testing/client-address';
import { BASE_URL, bmsTenant, db, nowSeconds, send } from '../testing/e2e/bms';
import { expect, test } from '../testing/e2e/fixtures';
import { createTestBmsSecret, createTestProduct, TEST_ACTOR } from '../testing/factories';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const ok = { formDataPatch: { current_soh_pct: 91.5 } };

test.describe('every BMS error code, with its exact body', () => {
  test('401 MISSING_SECRET, BAD_SECRET (unknown and revoked at once)', async () => {
    const { product, secret, secretId, company } = await bmsTenant();
    const missing = await send({ productId: product.id, body: ok, secret: null });
    expect([missing.status, missing.body]).toEqual([
      401,
      { code: 'MISSING_SECRET', error: 'The X-Service-BMS-Secret header is missing.' },
    ]);
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unknown = await send({ productId: product.id, body: ok, secret: `bms_${'x'.repeat(40)}` });
    expect([unknown.status, unknown.body]).toEqual([
      401,
      { code: 'BAD_SECRET', error: 'The BMS secret matches no active secret.' },
    ]);
    expect((await send({ productId: product.id, body: ok, secret })).status).toBe(200);
    await revokeBmsSecret(db(), { companyId: company.id, secretId, actor: TEST_ACTOR });
    expect((await send({ productId: product.id, body: ok, secret })).body).toEqual({
      code: 'BAD_SECRET',
      error: 'The BMS secret matches no active secret.',
    });
  });

  test('401 BAD_SIGNATURE with its reason: missing, malformed, outside_window, mismatch', async () => {
    const { product, secret } = await bmsTenant();
    const cases = [
      [{ signature: null }, 'missing', 'The X-Service-Signature header is missing.'],
      [
        { signature: 'v1=abc' },
        'malformed',
        'X-Service-Signature must read t=<unix seconds>, v1=<64 lowercase hex digits>.',
      ],
      [
        { timestamp: nowSeconds() - 400 },
        'outside_window',
        'The signature timestamp is outside the accepted window (300 s past, 60 s future).',
      ],
      [
        { signed: '{"formDataPatch":{"current_soh_pct":1}}' },
        'mismatch',
        'The signature does not match the request body.',
      ],
    ] as const;
    for (const [options, reason, error] of cases) {
      const res = await send({ productId: product.id, body: ok, secret, ...options });
      expect([res.status, res.body], reason).toEqual([401, { code: 'BAD_SIGNATURE', error, reason }]);
    }
  });

  test('404 NOT_FOUND, 403 FORBIDDEN, 400 BAD_BODY', async () => {
    const { product, secret, company } = await bmsTenant();
    const notFound = { code: 'NOT_FOUND', error: 'No product with this id.' };
    expect(await send({ productId: UNKNOWN, body: ok, secret }).then((r) => [r.status, r.body])).toEqual([
      404,
      notFound,
    ]);
    expect((await send({ productId: 'not-a-uuid', body: ok, secret })).body).toEqual(notFound);
    const other = await bmsTenant();
    expect(await send({ productId: other.product.id, body: ok, secret }).then((r) => [r.status, r.body])).toEqual([
      403,
      { code: 'FORBIDDEN', error: 'This secret belongs to another company than the product.' },
    ]);
    const draft = await createTestProduct(db(), { companyId: company.id });
    const limited = await createTestBmsSecret(db(), company.id, { productIds: [draft.id] });
    expect((await send({ productId: product.id, body: ok, secret: limited.secret })).body).toEqual({
      code: 'FORBIDDEN',
      error: 'This secret is limited to other products.',
    });
    const bad = [
      ['{"formDataPatch":', 'The body is not valid JSON.'],
      ['[1,2]', 'The body must be a JSON object.'],
      ['{"other":1}', 'The body must carry formDataPatch, lifetimeCounters or both.'],
      ['{"formDataPatch":"x"}', 'formDataPatch must be a JSON object keyed by field id.'],
      [
        '{"lifetimeCounters":{"timeAtTempLowSec":"12"}}',
        'lifetimeCounters.timeAtTempLowSec must be a non-negative number or null.',
      ],
    ] as const;
    for (const [raw, error] of bad) {
      const res = await send({ productId: product.id, raw, secret });
      expect([res.status, res.body], raw).toEqual([400, { code: 'BAD_BODY', error }]);
    }
  });

  test('429 per secret per second, in the BMS shape with Retry-After and RateLimit-*', async () => {
    const { secret } = await bmsTenant();
    // Sent to an unknown product, so each request is two quick reads and no write: the 81 are counted within far
    // less than three seconds, at most four 1-second windows of 20, so at least one is refused (81 < the edge's 120).
    const address = clientAddress();
    const answers = await Promise.all(
      Array.from({ length: 81 }, () => send({ productId: UNKNOWN, body: ok, secret, address })),
    );
    expect(answers.every((a) => a.status === 404 || a.status === 429)).toBe(true);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body).toEqual({
      code: 'RATE_LIMITED',
      error: 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.',
    });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused[0]!.headers.get('ratelimit-limit')).toBe('20');
    expect(refused[0]!.headers.get('ratelimit-remaining')).toBe('0');
    const counted = answers.find((a) => a.status === 404)!;
    expect(Number(counted.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    expect(counted.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
  });

  test('500 INTERNAL on a forced database failure, with nothing written', async () => {
    const { product, secret, company } = await bmsTenant();
    const before = await db().product.findUniqueOrThrow({ where: { id: product.id } });
    const name = `bms_e2e_fail_${product.id.replaceAll('-', '')}`;
    await db().$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."productId" = '${product.id}'::uuid THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`);
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE INSERT ON "LifetimeCounters" FOR EACH ROW EXECUTE FUNCTION ${name}()`,
    );
    try {
      const res = await send({
        productId: product.id,
        secret,
        body: { formDataPatch: { current_soh_pct: 10 }, lifetimeCounters: { deepDischargeEvents: 3 } },
      });
      expect([res.status, res.body]).toEqual([
        500,
        { code: 'INTERNAL', error: 'The update could not be saved and nothing was written. It is safe to retry.' },
      ]);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${name} ON "LifetimeCounters"`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    }
    const after = await db().product.findUniqueOrThrow({ where: { id: product.id } });
    expect([after.formData, after.updatedAt]).toEqual([before.formData, before.updatedAt]);
    expect(await db().auditLog.count({ where: { productId: product.id, eventType: 'Update' } })).toBe(0);
    expect(
      await db().webhookEvent.count({ where: { companyId: company.id, type: 'passport.telemetry_updated' } }),
    ).toBe(0);
  });
});

test.describe('what a 200 does', () => {
  test('applies each of the 22 whitelisted keys, drops the rest, and never touches identity', async () => {
    const { product, secret } = await bmsTenant();
    const before = await db().product.findUniqueOrThrow({ where: { id: product.id } });
    const whitelisted = Object.fromEntries(DYNAMIC_FIELDS.map((f) => [f.id, f.example]));
    const forbidden = {
      manufacturer_name: 'Mallory GmbH',
      model_number: 'X-1',
      manufacturing_country: 'FR',
      ce_marking: false,
      eu_declaration_of_conformity_url: 'https://mallory.example/doc',
      carbon_footprint_total_kg_co2e: 1,
      recycled_cobalt_pre_consumer_pct: 99,
      battery_status: 'waste',
      gtin: '09506000134352',
      serial_number: 'FORGED',
      passport_urn: 'urn:x',
      test_reports: [],
    };
    const res = await send({
      productId: product.id,
      secret,
      body: { formDataPatch: { ...whitelisted, ...forbidden, current_cycle_count: -1 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      productId: product.id,
      appliedKeys: Object.keys(whitelisted).filter((k) => k !== 'current_cycle_count'),
      rejectedKeys: ['current_cycle_count', ...Object.keys(forbidden)],
      counterUpdated: false,
    });
    const after = await db().product.findUniqueOrThrow({ where: { id: product.id } });
    const old = before.formData as Record<string, unknown>;
    const { current_cycle_count: _skipped, ...applied } = whitelisted;
    expect(after.formData).toEqual({ ...old, ...applied });
    for (const key of Object.keys(forbidden))
      expect((after.formData as Record<string, unknown>)[key], key).toEqual(old[key]);
    expect([after.gtin, after.serialNumber, after.slug, after.name, after.version]).toEqual([
      before.gtin,
      before.serialNumber,
      before.slug,
      before.name,
      before.version,
    ]);
  });

  test('writes exactly one audit row of the contract’s shape and shows the values on the public DPP at once', async () => {
    const { product, secret, secretId } = await bmsTenant({ current_soh_pct: 99, current_cycle_count: 3 });
    const res = await send({
      productId: product.id,
      secret,
      body: {
        formDataPatch: { current_soh_pct: 87.25, current_cycle_count: 640, foo: 1 },
        lifetimeCounters: { deepDischargeEvents: 4, timeAtTempLowSec: null },
      },
    });
    expect(res.body).toMatchObject({
      appliedKeys: ['current_soh_pct', 'current_cycle_count'],
      rejectedKeys: ['foo'],
      counterUpdated: true,
    });
    const rows = await db().auditLog.findMany({ where: { productId: product.id, eventType: 'Update' } });
    expect(
      rows.map(({ companyId, eventType, actorRole, actorId, eventChannel, eventContext }) => ({
        companyId,
        eventType,
        actorRole,
        actorId,
        eventChannel,
        eventContext,
      })),
    ).toEqual([
      {
        companyId: product.companyId,
        eventType: 'Update',
        actorRole: 'System',
        actorId: secretId,
        eventChannel: 'API',
        eventContext: {
          source: 'bms-webhook',
          appliedFormDataKeys: ['current_soh_pct', 'current_cycle_count'],
          rejectedFormDataKeys: ['foo'],
          counterUpdated: true,
          webhookSecretId: secretId,
        },
      },
    ]);
    expect(await db().lifetimeCounters.findUniqueOrThrow({ where: { productId: product.id } })).toMatchObject({
      deepDischargeEvents: 4,
      timeAtTempLowSec: null,
    });
    expect((await db().bmsSecret.findUniqueOrThrow({ where: { id: secretId } })).lastUsedAt).not.toBeNull();
    // Asserted right after the 200: the contract's "within 60 seconds" holds because the read is immediate.
    const dpp = await (
      await fetch(`${BASE_URL}/api/dpp/${product.slug}`, { headers: { 'X-Forwarded-For': clientAddress() } })
    ).json();
    expect(dpp.performance).toMatchObject({ currentSohPct: 87.25, currentCycleCount: 640 });
    expect(dpp.version).toBe(1);
    const viewer = await (
      await fetch(`${BASE_URL}${product.path}`, { headers: { 'X-Forwarded-For': clientAddress() } })
    ).text();
    expect(viewer).toContain('87.25');
    expect(viewer).toContain('640');
  });

  test('signs bytes: a re-serialised or re-spaced body is refused, a window near its edges is honoured', async () => {
    const { product, secret } = await bmsTenant();
    const compact = JSON.stringify(ok);
    for (const raw of [JSON.stringify(ok, null, 2), compact.replace(':', ': '), `${compact}\n`]) {
      expect((await send({ productId: product.id, secret, raw, signed: compact })).body.reason, raw).toBe('mismatch');
    }
    // The exact edges (-300 s in, -301 s out, +60 s in, +61 s out) are proven with a fixed clock in lib/bms/signature.test.ts.
    expect((await send({ productId: product.id, secret, body: ok, timestamp: nowSeconds() - 290 })).status).toBe(200);
    expect((await send({ productId: product.id, secret, body: ok, timestamp: nowSeconds() - 310 })).body.reason).toBe(
      'outside_window',
    );
    expect((await send({ productId: product.id, secret, body: ok, timestamp: nowSeconds() + 50 })).status).toBe(200);
    expect((await send({ productId: product.id, secret, body: ok, timestamp: nowSeconds() + 75 })).body.reason).toBe(
      'outside_window',
    );
  });

  test('refuses a replay inside the window 401 BAD_SIGNATURE (replayed), and an older report never overwrites a newer one', async () => {
    const { product, secret } = await bmsTenant();
    const t = nowSeconds();
    const body = { formDataPatch: { current_soh_pct: 93 }, lifetimeCounters: { totalEnergyThroughputKwh: 100 } };
    const first = await send({ productId: product.id, secret, body, timestamp: t - 10 });
    const state = await db().product.findUniqueOrThrow({ where: { id: product.id } });
    const replay = await send({ productId: product.id, secret, body, timestamp: t - 10 });
    expect([first.status, replay.status]).toEqual([200, 401]);
    expect(replay.body).toEqual({ code: 'BAD_SIGNATURE', error: expect.any(String), reason: 'replayed' });
    expect((await db().product.findUniqueOrThrow({ where: { id: product.id } })).formData).toEqual(state.formData);
    expect(await db().auditLog.count({ where: { productId: product.id, eventType: 'Update' } })).toBe(1);
    const newer = { formDataPatch: { current_soh_pct: 92 }, lifetimeCounters: { totalEnergyThroughputKwh: 110 } };
    expect((await send({ productId: product.id, secret, body: newer, timestamp: t })).status).toBe(200);
    const older = { formDataPatch: { current_soh_pct: 94 }, lifetimeCounters: { totalEnergyThroughputKwh: 90 } };
    const late = await send({ productId: product.id, secret, body: older, timestamp: t - 5 });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ appliedKeys: [], counterUpdated: false, superseded: true });
    const after = await db().product.findUniqueOrThrow({
      where: { id: product.id },
      include: { lifetimeCounters: true },
    });
    expect((after.formData as Record<string, unknown>).current_soh_pct).toBe(92);
    expect(after.lifetimeCounters?.totalEnergyThroughputKwh).toBe(110);
    expect(await db().auditLog.count({ where: { productId: product.id, eventType: 'Update' } })).toBe(2);
  });

  test('parallel updates from ten devices lose no key and no counter', async () => {
    const { product, secret } = await bmsTenant();
    const keys = DYNAMIC_FIELDS.filter((f) => f.type === 'integer')
      .map((f) => f.id)
      .slice(0, 4)
      .concat(
        DYNAMIC_FIELDS.filter((f) => f.type === 'number')
          .map((f) => f.id)
          .slice(0, 6),
      );
    const counters = LIFETIME_COUNTER_NAMES;
    // One report time for all: a report signed a second earlier than one already applied would be superseded.
    const timestamp = nowSeconds();
    const answers = await Promise.all(
      keys.map((key, i) =>
        send({
          productId: product.id,
          secret,
          timestamp,
          body: { formDataPatch: { [key]: i + 1 }, ...(i < 7 ? { lifetimeCounters: { [counters[i]!]: i + 1 } } : {}) },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    const formData = (await db().product.findUniqueOrThrow({ where: { id: product.id } })).formData as Record<
      string,
      unknown
    >;
    expect(keys.map((k) => formData[k])).toEqual(keys.map((_, i) => i + 1));
    const stored = (await db().lifetimeCounters.findUniqueOrThrow({
      where: { productId: product.id },
    })) as unknown as Record<string, unknown>;
    expect(counters.map((c) => stored[c])).toEqual(counters.map((_, i) => i + 1));
  });
});

test('the fleet simulator signs and sends monotonic telemetry that the endpoint accepts', async () => {
  test.setTimeout(90_000);
  const { product, secret, company } = await bmsTenant();
  const second = await createTestProduct(db(), { companyId: company.id });
  const args = [
    'tsx',
    'scripts/bms-simulate.ts',
    '--url',
    BASE_URL,
    '--secret',
    secret,
    '--products',
    `${product.id},${second.id}`,
    '--rate',
    '4',
    '--duration',
    '2',
    '--seed',
    '11',
    '--json',
  ];
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(summary).toMatchObject({ sent: 8, accepted: 8, rejected: {} });
  expect(summary.latencyMs.p50).toBeGreaterThan(0);
  expect(summary.latencyMs.p99).toBeGreaterThanOrEqual(summary.latencyMs.p95);
  for (const id of [product.id, second.id]) {
    const formData = (await db().product.findUniqueOrThrow({ where: { id } })).formData as Record<string, number>;
    expect(formData.current_soh_pct).toBeLessThanOrEqual(100);
    expect(formData.current_cycle_count).toBeGreaterThanOrEqual(2);
    expect(
      (await db().lifetimeCounters.findUniqueOrThrow({ where: { productId: id } })).totalEnergyThroughputKwh,
    ).toBeGreaterThan(0);
    expect(await db().auditLog.count({ where: { productId: id, eventType: 'Update' } })).toBe(4);
  }
});

test('GET /api/v1/bms/openapi.json needs no credentials and is a valid OpenAPI 3.1 document', async () => {
  const res = await fetch(`${BASE_URL}/api/v1/bms/openapi.json`, { headers: { 'X-Forwarded-For': clientAddress() } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(res.headers.get('ratelimit-limit')).toBe('120');
  const document = await res.json();
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(['/api/v1/products/{id}/bms-update', '/api/v1/bms/openapi.json']);
  await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
});
