// Concurrency: writes that race each other against the production build. Optimistic locking lets exactly one of
// many PATCHes with the same lockVersion win; the same signed write sent many times at once with one
// Idempotency-Key executes once; parallel BMS updates of one product lose nothing; parallel publication cycles of
// one passport (through the API and the domain verbs on the same database) give versions without gaps or doubles.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIFETIME_COUNTER_NAMES } from '../lib/bms/schemas';
import { signIntegrationRequest } from '../lib/client/signing';
import { createPrismaClient, type Db } from '../lib/db/client';
import { approveProduct, startRevision } from '../lib/passport/lifecycle';
import { BMS_DYNAMIC_FIELD_IDS } from '../lib/schema/fields/dynamic';
import { bmsHeaders } from '../testing/bms-request';
import { clientAddress } from '../testing/client-address';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import {
  createPublishedPassport,
  createTestBmsSecret,
  createTestCompany,
  createTestProduct,
  TEST_ACTOR,
} from '../testing/factories';
import { apiTenant } from '../testing/integration-client';
import { nextSecond } from '../testing/signing-clock';
import { type Answer, burst, exchange, expectServed, overloaded } from './abuse-kit';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';

let database: TestDatabase;
let db: Db;
let service: RunningService;

beforeAll(async () => {
  database = await createTestDatabase('resilience_concurrency');
  db = createPrismaClient(database.url);
  // Every client from its own address, every limit out of the way: only the races are under test.
  service = await startService({
    databaseUrl: database.url,
    env: {
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
      RATE_LIMIT_BMS_PER_SECOND: '1000000',
      RATE_LIMIT_EDGE_PER_MINUTE: '1000000',
    },
  });
});

afterAll(async () => {
  await service?.stop();
  await db?.$disconnect();
  await database?.dispose();
});

const asAnswer = (r: { status: number; headers: Headers; data: unknown }): Answer => ({
  status: r.status,
  headers: r.headers,
  body: r.data,
  receivedAt: Date.now(),
});

describe('optimistic locking', () => {
  test("of 20 PATCH /api/v1/products/{id} sent at once with the same lockVersion exactly one wins; every other gets 409 LOCK_CONFLICT naming the winner's lockVersion; round after round", async () => {
    const { company, client } = await apiTenant(db, service.baseUrl);
    const product = await createTestProduct(db, { companyId: company.id });
    const rounds = longMode() ? 10 : 3;
    const contenders = 20;
    let conflicts = 0;
    let failed = 0;
    for (let round = 1; round <= rounds; round++) {
      const { lockVersion } = await client.getProduct(product.id);
      const answers = await burst(contenders, async (i) =>
        asAnswer(
          await client.send('PATCH', `/api/v1/products/${product.id}`, {
            body: { lockVersion, name: `Round ${round} contender ${i} ${product.id}` },
            headers: { 'X-Forwarded-For': clientAddress() },
          }),
        ),
      );
      const winners = answers.filter((a) => a.status === 200);
      const losers = answers.filter((a) => a.status === 409);
      for (const a of answers) expectServed(a, [200, 409]);
      expect(winners).toHaveLength(1);
      expect(winners[0]!.body.lockVersion).toBe(lockVersion + 1);
      for (const a of losers) {
        expect(a.body.error).toMatchObject({
          code: 'LOCK_CONFLICT',
          currentLockVersion: lockVersion + 1,
          requestId: a.headers.get('X-Service-Request-Id'),
        });
      }
      const row = await db.product.findUniqueOrThrow({ where: { id: product.id } });
      expect(row).toMatchObject({ lockVersion: lockVersion + 1, name: winners[0]!.body.name });
      conflicts += losers.length;
      failed += overloaded(answers);
    }
    // One change, one audit entry, per round.
    expect(await db.auditLog.count({ where: { productId: product.id, eventType: 'Update' } })).toBe(rounds);
    figure('concurrency', 'lock conflicts: PATCHes fired', rounds * contenders);
    figure('concurrency', 'lock conflicts: won (one per round)', rounds);
    figure('concurrency', 'lock conflicts: 409 LOCK_CONFLICT', conflicts);
    if (failed > 0) figure('concurrency', 'lock conflicts: answered 5xx (machine overloaded)', failed);
  });
});

describe('idempotency', () => {
  test('the same signed POST /api/v1/products with one Idempotency-Key, sent 20 times at once, executes once: one row, one audit entry; the others replay the stored answer or get 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const { company, key } = await apiTenant(db, service.baseUrl);
    const rounds = longMode() ? 5 : 2;
    const copies = 20;
    const tally = { executed: 0, replayed: 0, inProgress: 0, failed: 0 };
    for (let round = 1; round <= rounds; round++) {
      const path = '/api/v1/products';
      const body = JSON.stringify({ name: `Idempotent ${round} ${randomUUID()}`, categoryCode: 'EV_BATTERY' });
      // One request, byte for byte: what a client's retry (or a duplicating proxy) sends.
      const headers = {
        Authorization: `Bearer ${key.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
        ...signIntegrationRequest({ method: 'POST', pathWithQuery: path, body, signingSecret: key.signingSecret }),
      };
      const answers = await burst(copies, () =>
        exchange(`${service.baseUrl}${path}`, {
          method: 'POST',
          headers: { ...headers, 'X-Forwarded-For': clientAddress() },
          body,
        }),
      );
      for (const a of answers) expectServed(a, [201, 409]);
      const executed = answers.filter((a) => a.status === 201 && a.headers.get('Idempotent-Replayed') === null);
      const replayed = answers.filter((a) => a.status === 201 && a.headers.get('Idempotent-Replayed') === 'true');
      const inProgress = answers.filter((a) => a.status === 409);
      expect(executed).toHaveLength(1);
      for (const a of replayed) expect(a.body).toEqual(executed[0]!.body);
      for (const a of inProgress) {
        expect(a.body.error).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
        expect(Number(a.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      }
      const name = JSON.parse(body).name as string;
      const rows = await db.product.findMany({ where: { companyId: company.id, name } });
      expect(rows.map((r) => r.id)).toEqual([executed[0]!.body.id]);
      expect(await db.auditLog.count({ where: { productId: rows[0]!.id, eventType: 'Create' } })).toBe(1);
      expect(
        await db.idempotencyRecord.count({ where: { apiKeyId: key.id, idempotencyKey: headers['Idempotency-Key'] } }),
      ).toBe(1);
      // Once the first has finished, every copy replays it.
      const late = await exchange(`${service.baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'X-Forwarded-For': clientAddress() },
        body,
      });
      expect([late.status, late.headers.get('Idempotent-Replayed'), late.body]).toEqual([
        201,
        'true',
        executed[0]!.body,
      ]);
      tally.executed += executed.length;
      tally.replayed += replayed.length;
      tally.inProgress += inProgress.length;
      tally.failed += overloaded(answers);
    }
    figure('concurrency', 'idempotent race: copies fired', rounds * copies);
    figure('concurrency', 'idempotent race: executed', tally.executed);
    figure('concurrency', 'idempotent race: replayed', tally.replayed);
    figure('concurrency', 'idempotent race: 409 IDEMPOTENCY_IN_PROGRESS', tally.inProgress);
    if (tally.failed > 0) figure('concurrency', 'idempotent race: answered 5xx (machine overloaded)', tally.failed);
  });
});

describe('BMS telemetry', () => {
  const COUNTERS = LIFETIME_COUNTER_NAMES;
  const NUMERIC_KEYS = BMS_DYNAMIC_FIELD_IDS.filter((id) => !/last_updated$/.test(id));

  /** Update i: two form keys and all seven counters, each a value only update i sends (deepDischargeEvents = i). */
  const update = (i: number) => ({
    formDataPatch: {
      [NUMERIC_KEYS[i % NUMERIC_KEYS.length]!]: i % 100,
      [NUMERIC_KEYS[(i + 7) % NUMERIC_KEYS.length]!]: (i * 3) % 100,
    },
    lifetimeCounters: Object.fromEntries(
      COUNTERS.map((name, k) => [name, k === 6 ? i : k * 1000 + i + (k === 4 ? 0.5 : 0)]),
    ) as Record<(typeof COUNTERS)[number], number>,
  });

  /**
   * The order in which the database applied the updates: a trigger on the audit trail (written inside each update's
   * transaction while the product row is locked) records, with a sequence number drawn then, the product's form data
   * and counters as that transaction left them. A probe of this test database only; the service is unchanged.
   */
  async function recordApplyOrder() {
    await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "ResilienceApplyOrder" (
      seq bigserial PRIMARY KEY, "auditId" uuid NOT NULL, "productId" uuid NOT NULL, "formData" jsonb NOT NULL, counters jsonb)`);
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION resilience_record_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."eventType" = 'Update' AND NEW."actorRole" = 'System' AND NEW."productId" IS NOT NULL THEN
          INSERT INTO "ResilienceApplyOrder" ("auditId", "productId", "formData", counters)
          SELECT NEW.id, p.id, p."formData", (SELECT to_jsonb(c) FROM "LifetimeCounters" c WHERE c."productId" = p.id)
          FROM "Product" p WHERE p.id = NEW."productId";
        END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS resilience_record_apply ON "AuditLog"`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER resilience_record_apply AFTER INSERT ON "AuditLog" FOR EACH ROW EXECUTE FUNCTION resilience_record_apply()`,
    );
  }

  test('signed updates of one product sent at once (50; 100 with --long) lose nothing: in the order the database applied them each left the form data of the one before plus its own keys and exactly its own counters; one audit entry per 200', async () => {
    await recordApplyOrder();
    const company = await createTestCompany(db);
    const product = await createPublishedPassport(db, { companyId: company.id });
    const { secret, id: secretId } = await createTestBmsSecret(db, company.id);
    const initial = (await db.product.findUniqueOrThrow({ where: { id: product.id } })).formData as Record<
      string,
      unknown
    >;
    const n = longMode() ? 100 : 50;
    // One report time for all: a report signed a second earlier than one already applied would be superseded.
    const timestamp = Math.floor(Date.now() / 1000);
    const answers = await burst(n, (i) => {
      const raw = JSON.stringify(update(i));
      return exchange(`${service.baseUrl}/api/v1/products/${product.id}/bms-update`, {
        method: 'POST',
        headers: { ...bmsHeaders(raw, { secret, timestamp }), 'X-Forwarded-For': clientAddress() },
        body: raw,
      });
    });
    for (const a of answers) expectServed(a, [200]);
    const applied = new Set(answers.flatMap((a, i) => (a.status === 200 ? [i] : [])));
    for (const i of applied) {
      expect(answers[i]!.body).toEqual({
        ok: true,
        productId: product.id,
        appliedKeys: Object.keys(update(i).formDataPatch),
        rejectedKeys: [],
        counterUpdated: true,
      });
    }
    expect(applied.size).toBeGreaterThan(0);

    const order = await db.$queryRawUnsafe<
      Array<{ seq: bigint; formData: Record<string, unknown>; counters: Record<string, number> }>
    >(
      `SELECT seq, "formData", counters FROM "ResilienceApplyOrder" WHERE "productId" = $1::uuid ORDER BY seq`,
      product.id,
    );
    // Every 200 was applied exactly once, and nothing else was.
    const sequence = order.map((o) => o.counters.deepDischargeEvents!);
    expect([...sequence].sort((a, b) => a - b)).toEqual([...applied].sort((a, b) => a - b));
    let before = initial;
    for (const step of order) {
      const i = step.counters.deepDischargeEvents!;
      const expected = update(i);
      expect(step.formData).toEqual({ ...before, ...expected.formDataPatch });
      for (const name of COUNTERS) expect(step.counters[name]).toBe(expected.lifetimeCounters[name]);
      before = step.formData;
    }
    const last = update(sequence.at(-1)!);
    const final = await db.product.findUniqueOrThrow({
      where: { id: product.id },
      include: { lifetimeCounters: true },
    });
    expect(final.formData).toEqual(before);
    for (const name of COUNTERS) expect(final.lifetimeCounters![name]).toBe(last.lifetimeCounters[name]);
    expect(await db.auditLog.count({ where: { productId: product.id, eventType: 'Update', actorId: secretId } })).toBe(
      applied.size,
    );
    figure('concurrency', 'BMS race: updates fired at one product', n);
    figure('concurrency', 'BMS race: applied (200)', applied.size);
    if (overloaded(answers) > 0)
      figure('concurrency', 'BMS race: answered 5xx (rolled back; machine overloaded)', overloaded(answers));
  });
});

describe('publication', () => {
  test('parallel revise → submit → approve cycles of one passport (submit through the API, revise and approve through the domain verbs) publish strictly increasing versions with no gap and one snapshot each, every one readable', async () => {
    const { company, client } = await apiTenant(db, service.baseUrl);
    const product = await createPublishedPassport(db, { companyId: company.id });
    const ctx = { companyId: company.id, actor: TEST_ACTOR };
    const workers = longMode() ? 6 : 4;
    const target = longMode() ? 15 : 6;
    const published: number[] = [];
    const refused: Record<string, number> = {};
    const note = (code: string) => {
      refused[code] = (refused[code] ?? 0) + 1;
    };
    // Each worker pushes the passport on from whatever state it finds; a step another worker took first is refused.
    const worker = async () => {
      while (published.length < target) {
        const { state } = await db.product.findUniqueOrThrow({ where: { id: product.id }, select: { state: true } });
        try {
          if (state === 'APPROVED') await startRevision({ ctx, input: { productId: product.id }, db });
          else if (state === 'DRAFT') {
            const r = await client.send('POST', `/api/v1/products/${product.id}/submit`, {
              headers: { 'X-Forwarded-For': clientAddress() },
            });
            // A submit has no body: two workers submitting in one second send the same signed bytes, and the
            // second copy is refused as a replayed signature (the first one counts).
            const error =
              r.status === 200 ? null : (r.data as { error: { code: string; details?: { replayed?: boolean } } }).error;
            if (error) note(error.details?.replayed ? 'REPLAYED_SIGNATURE' : error.code);
          } else if (state === 'SUBMITTED')
            published.push((await approveProduct({ ctx, input: { productId: product.id }, db })).version);
        } catch (error) {
          note((error as { code?: string }).code ?? String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    // A worker may have stopped just after a revision or a submission: publish that one too, so the passport is
    // published (its versions are served only then).
    const settled = await db.product.findUniqueOrThrow({ where: { id: product.id }, select: { state: true } });
    // Signed in a later second than any worker's submission: the same bodyless submit in the same second would be
    // refused as a replay of a worker's.
    if (settled.state === 'DRAFT') await nextSecond();
    if (settled.state === 'DRAFT')
      expect(
        (
          await client.send('POST', `/api/v1/products/${product.id}/submit`, {
            headers: { 'X-Forwarded-For': clientAddress() },
          })
        ).status,
      ).toBe(200);
    if (settled.state !== 'APPROVED')
      published.push((await approveProduct({ ctx, input: { productId: product.id }, db })).version);

    // Only the state machine refused steps (another worker had moved the passport on), or the replay check refused
    // a copy of a submission signed in the same second.
    expect(Object.keys(refused).every((code) => code === 'INVALID_STATE' || code === 'REPLAYED_SIGNATURE')).toBe(true);
    expect([...published].sort((a, b) => a - b)).toEqual(Array.from({ length: published.length }, (_, k) => k + 2));
    const versions = await db.passportVersion.findMany({
      where: { productId: product.id },
      orderBy: { version: 'asc' },
      select: { version: true },
    });
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: published.length + 1 }, (_, k) => k + 1));
    const row = await db.product.findUniqueOrThrow({ where: { id: product.id } });
    expect([row.state, row.version]).toEqual(['APPROVED', published.length + 1]);
    expect(await db.auditLog.count({ where: { productId: product.id, eventType: 'Approve' } })).toBe(
      published.length + 1,
    );
    // Every version is served intact by the public snapshot route.
    for (const { version } of versions) {
      const snapshot = await exchange(`${service.baseUrl}/api/dpp/${product.slug}/v/${version}`, {
        headers: { 'X-Forwarded-For': clientAddress() },
      });
      expect([snapshot.status, snapshot.headers.get('X-DPP-Version')]).toEqual([200, String(version)]);
    }
    figure('concurrency', 'publication race: workers', workers);
    figure('concurrency', 'publication race: versions published', published.length);
    figure('concurrency', 'publication race: steps refused (INVALID_STATE)', refused.INVALID_STATE ?? 0);
    figure(
      'concurrency',
      'publication race: submissions refused as a replayed signature (same second)',
      refused.REPLAYED_SIGNATURE ?? 0,
    );
  });
});
