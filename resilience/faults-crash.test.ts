// The app process killed (SIGKILL of its group) in the middle of a burst of signed writes, then started again on the
// same database and port, against the production build: every acknowledged write is there with its audit entry,
// no write is half there, and retrying the unacknowledged ones with their Idempotency-Keys leaves one of each. The
// outbox resumes within seconds: the webhook worker's lease (lib/jobs/worker-lease.ts) lapses in at most 20 s, the
// restarted process takes it over, and every event reaches the tenant's receiver, none twice after the restart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Product } from '../lib/client/products';
import { createPrismaClient, type Db } from '../lib/db/client';
import { LEASE_SECONDS } from '../lib/jobs/worker-lease';
import { webhookDeliveries } from '../lib/webhooks/delivery/job';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { apiTenant } from '../testing/integration-client';
import { waitFor } from '../testing/poll';
import { absent, createTraces, hollowRecords, seconds, whole } from './faults-kit';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';
import { duplicates, type WebhookReceiver, webhookReceiver } from './kit/webhook-receiver';

const SUITE = 'faults';
/** The Integration API's answer when no database connection could be had: nothing written, retry with the key. */
const RETRYABLE_500 = /"code":"INTERNAL_ERROR".*database is temporarily unavailable.*nothing was written/;
const CREATES = longMode() ? 280 : 70;
const PUTS = longMode() ? 120 : 30;
const KILL_AFTER = 15;
/**
 * How long the test waits for every event after the restart: well above the lease's lapse (at most 20 s) and a
 * restart, well below the pg-boss expiry (120 s plus its maintenance interval) the outbox used to wait for.
 */
const OUTBOX_BOUND_MS = 90_000;

let database: TestDatabase;
let service: RunningService;
let db: Db;
let tenant: Awaited<ReturnType<typeof apiTenant>>;
let receiver: WebhookReceiver;
// One client sends the whole burst: its budgets are not what is under test here. Every write's event goes to a
// receiver on loopback.
const env = {
  TRUSTED_PROXY_HOPS: '1',
  RATE_LIMIT_API_KEY_PER_MINUTE: '100000',
  RATE_LIMIT_EDGE_PER_MINUTE: '100000',
  WEBHOOKS_ALLOW_PRIVATE: '1',
};

beforeAll(async () => {
  database = await createTestDatabase('faults_crash');
  service = await startService({ databaseUrl: database.url, env });
  db = createPrismaClient(database.url);
  tenant = await apiTenant(db, service.baseUrl);
  receiver = await webhookReceiver();
  const endpoint = await tenant.client.createWebhookEndpoint({ url: receiver.url, eventTypes: ['*'] });
  await receiver.up(endpoint.secret);
});

afterAll(async () => {
  await service?.stop();
  await receiver?.down();
  await db?.$disconnect();
  await database?.dispose();
});

interface Write {
  kind: 'create' | 'put';
  idempotencyKey: string;
  /** create: the product's name; put: the product whose form data it sets. */
  name?: string;
  productId?: string;
  formData?: Record<string, string>;
  /** The status received; 0 when the connection died with the process. */
  status: number;
  /** The body of an answer that was not a success. */
  refusal?: string;
}

function send(w: Write) {
  return w.kind === 'create'
    ? tenant.client.send<Product>('POST', '/api/v1/products', {
        body: { name: w.name, categoryCode: 'EV_BATTERY' },
        idempotencyKey: w.idempotencyKey,
      })
    : tenant.client.send<Product>('PUT', `/api/v1/products/${w.productId}/form-data`, {
        body: { formData: w.formData },
        idempotencyKey: w.idempotencyKey,
      });
}

/** A form-data PUT is all there (its three fields, one audit entry, one event, lockVersion 2) or not at all. */
async function putTraces(w: Write) {
  const product = await db.product.findUniqueOrThrow({ where: { id: w.productId } });
  const formData = product.formData as Record<string, unknown>;
  const fields = Object.entries(w.formData!).filter(([k, v]) => formData[k] === v).length;
  const audits = await db.auditLog.count({ where: { productId: w.productId, eventType: 'Update' } });
  const events = (
    await db.webhookEvent.findMany({
      where: { companyId: tenant.company.id, type: 'product.updated' },
      select: { payload: true },
    })
  ).filter((e) => (e.payload as { productId?: string }).productId === w.productId).length;
  const applied = fields === 3 && audits === 1 && events === 1 && product.lockVersion === 2;
  const untouched = fields === 0 && audits === 0 && events === 0 && product.lockVersion === 1;
  return { applied, untouched };
}

async function isWhole(w: Write) {
  if (w.kind === 'put') return (await putTraces(w)).applied;
  return whole(await createTraces(db, tenant.company.id, w.name!));
}

async function isAbsent(w: Write) {
  if (w.kind === 'put') return (await putTraces(w)).untouched;
  return absent(await createTraces(db, tenant.company.id, w.name!));
}

describe('the app killed during a burst of writes', () => {
  test('acknowledged writes are whole, none is half-written, and retrying the rest with their keys leaves exactly one of each', async () => {
    // The outbox worker's lease is only a promise when it is held by something; the mechanism itself: a lapse of at
    // most 20 s, and session jobs whose queue lets a new session start beside a killed one's job.
    expect(LEASE_SECONDS).toBeLessThanOrEqual(20);
    expect(webhookDeliveries.queue).toMatchObject({ policy: 'short' });
    const drafts = await Promise.all(
      Array.from({ length: PUTS }, (_, i) =>
        tenant.client.createProduct({
          name: `Crash draft ${i} ${randomUUID().slice(0, 8)}`,
          categoryCode: 'EV_BATTERY',
        }),
      ),
    );
    const writes: Write[] = [
      ...Array.from(
        { length: CREATES },
        (_, i): Write => ({
          kind: 'create',
          idempotencyKey: randomUUID(),
          name: `Crash pack ${i} ${randomUUID().slice(0, 8)}`,
          status: -1,
        }),
      ),
      ...drafts.map(
        (d, i): Write => ({
          kind: 'put',
          idempotencyKey: randomUUID(),
          productId: d.id,
          status: -1,
          formData: {
            model_number: `CR-${i}`,
            manufacturing_place: `Line ${i}`,
            eu_declaration_of_conformity_id: `DoC-CR-${i}`,
          },
        }),
      ),
    ].sort(() => Math.random() - 0.5);
    // The worker is delivering (it holds its lease) before the burst: the drafts' events arrived.
    await waitFor(async () => receiver.verified.length >= PUTS, 60_000, "the drafts' events delivered");

    // All at once; the process dies the moment the 15th success arrives, with the rest still in flight.
    let killed: Promise<void> | undefined;
    const settled = Promise.all(
      writes.map(async (w) => {
        const answer = await send(w).then(
          (r) => r,
          () => null,
        );
        w.status = answer?.status ?? 0;
        if (answer && w.status >= 300) w.refusal = JSON.stringify(answer.data);
        if (!killed && writes.filter((x) => x.status >= 200 && x.status < 300).length >= KILL_AFTER)
          killed = service.kill();
      }),
    );
    await waitFor(async () => killed !== undefined, 120_000, 'the first acknowledgements');
    await killed;
    const killedAt = Date.now();
    const receivedBeforeKill = receiver.verified.length;
    await settled;

    const acknowledged = writes.filter((w) => w.status >= 200 && w.status < 300);
    const unacknowledged = writes.filter((w) => !(w.status >= 200 && w.status < 300));
    // Any other answer is the connection dying with the process, or (a burst larger than the connection pool on a
    // busy machine) the retryable 500 of a write that waited too long for a database connection; nothing else.
    const busy = unacknowledged.filter((w) => w.status === 500 && RETRYABLE_500.test(w.refusal ?? ''));
    expect(
      unacknowledged.filter((w) => w.status !== 0 && !busy.includes(w)).map((w) => `${w.status} ${w.refusal}`),
    ).toEqual([]);
    expect(unacknowledged.length).toBeGreaterThan(0);

    service = await startService({ databaseUrl: database.url, env, port: service.port });
    const restartedAt = Date.now();
    const restartSeconds = seconds(restartedAt - killedAt);

    let halfWritten = 0;
    for (const w of acknowledged) expect(await isWhole(w), `${w.kind} acknowledged before the kill`).toBe(true);
    let landedUnacknowledged = 0;
    for (const w of unacknowledged) {
      if (await isWhole(w)) landedUnacknowledged += 1;
      else if (!(await isAbsent(w))) halfWritten += 1;
    }
    const hollow = await hollowRecords(db, tenant.key.id);
    // A claim is inserted in its write's own transaction: none may outlive the process as "still executing".
    const stuckClaims = await db.idempotencyRecord.count({ where: { apiKeyId: tenant.key.id, responseStatus: null } });
    expect([halfWritten, hollow, stuckClaims]).toEqual([0, 0, 0]);

    // The client's recovery: the same request with the same key, for every write it did not see succeed, a few at a
    // time (within the connection pool), a retryable 500 tried again as the contract says.
    const retryFailures: string[] = [];
    const queue = [...unacknowledged];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let w = queue.shift(); w; w = queue.shift()) {
          let answer = await send(w);
          for (
            let attempt = 1;
            attempt < 3 && answer.status === 500 && RETRYABLE_500.test(JSON.stringify(answer.data));
            attempt++
          )
            answer = await send(w);
          if (!(answer.status >= 200 && answer.status < 300))
            retryFailures.push(`${answer.status} ${JSON.stringify(answer.data)}`);
        }
      }),
    );
    expect(retryFailures).toEqual([]);
    let notExactlyOnce = 0;
    for (const w of writes) if (!(await isWhole(w))) notExactlyOnce += 1;
    expect(notExactlyOnce).toBe(0);

    // The outbox: every event of the tenant (the burst's, the retries') reaches the receiver after the restart, within
    // a bound a pg-boss expiry would miss. Only a delivery in flight at the kill (the worker attempts one at a time)
    // may arrive twice, once before the kill and once after; after the restart nothing arrives twice.
    const eventIds = (
      await db.webhookEvent.findMany({ where: { companyId: tenant.company.id }, select: { id: true } })
    ).map((e) => e.id);
    await waitFor(
      async () => {
        const seen = new Set(receiver.verified.map((d) => d.id));
        return eventIds.every((id) => seen.has(id));
      },
      OUTBOX_BOUND_MS,
      'every event delivered after the restart',
    );
    const afterKill = receiver.verified.slice(receivedBeforeKill).filter((d) => d.receivedAt >= killedAt);
    expect(afterKill.length).toBeGreaterThan(0);
    const resumedSeconds = seconds(afterKill[0]!.receivedAt - killedAt);
    const resumedAfterRestartSeconds = seconds(afterKill[0]!.receivedAt - restartedAt);
    const allDeliveredSeconds = seconds(Math.max(...afterKill.map((d) => d.receivedAt)) - killedAt);
    expect([...duplicates(afterKill).keys()]).toEqual([]);
    const twice = duplicates(receiver.verified);
    expect(twice.size).toBeLessThanOrEqual(1);

    figure(SUITE, 'app killed: writes sent', writes.length);
    figure(
      SUITE,
      'app killed: acknowledged before the kill / verified whole',
      `${acknowledged.length} / ${acknowledged.length}`,
    );
    figure(SUITE, 'app killed: unacknowledged (connection died)', unacknowledged.length - busy.length);
    figure(SUITE, 'app killed: answered 500 before the kill (no pool connection within 3 s)', busy.length);
    figure(SUITE, 'app killed: unacknowledged but committed (replayed on retry)', landedUnacknowledged);
    figure(SUITE, 'app killed: half-written found', halfWritten + hollow + stuckClaims);
    figure(SUITE, 'app killed: retried with the same keys, not exactly once after', notExactlyOnce);
    figure(SUITE, 'app killed: restart to health 200', restartSeconds, 's');
    figure(SUITE, 'app killed: webhook events delivered after the kill', afterKill.length);
    figure(SUITE, 'app killed: kill to first webhook delivered (lease lapse + restart)', resumedSeconds, 's');
    figure(SUITE, 'app killed: health 200 to first webhook delivered', resumedAfterRestartSeconds, 's');
    figure(SUITE, 'app killed: kill to every event delivered', allDeliveredSeconds, 's');
    figure(SUITE, 'app killed: events delivered twice (in flight at the kill)', twice.size);
  });
});
