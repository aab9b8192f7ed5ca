import { randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keyCtx } from '../../../testing/domain';
import { createTestCompany } from '../../../testing/factories';
import { TestReceiver, verifies } from '../../../testing/webhooks';
import { resetConfigForTests } from '../../config';
import { disconnectPrisma, prisma } from '../../db/client';
import { freePort } from '../../db/embedded';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { createProduct } from '../../passport/drafts/create-product';
import { updateWebhookEndpoint } from '../endpoints/change';
import { createWebhookEndpoint } from '../endpoints/create';
import { redeliverWebhook } from '../endpoints/redeliver';
import { rotateWebhookSecret } from '../endpoints/rotate';
import type { Resolver } from '../url-policy';
import { runDeliveryPass } from './pass';

const receivers: TestReceiver[] = [];
const endpointIds: string[] = [];

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '1'; // endpoints on the loopback receiver are created with the flag on
  resetConfigForTests();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.stop()));
  // Each test's endpoints go with it, so a later pass never attempts them.
  await prisma.webhookEndpoint.deleteMany({ where: { id: { in: endpointIds.splice(0) } } });
});
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetConfigForTests();
  await disconnectPrisma();
});

const HOUR = 3_600_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

const tenant = async (mode: Mode = 'LIVE') => keyCtx((await createTestCompany(prisma)).id, mode);

async function receiver(port?: number) {
  const r = await new TestReceiver(port).start();
  receivers.push(r);
  return r;
}

async function endpoint(ctx: DomainContext, url: string, eventTypes = ['*'], resolve?: Resolver) {
  const created = await createWebhookEndpoint({ ctx, input: { url, eventTypes }, resolve });
  endpointIds.push(created.id);
  return created;
}

/** A product change through the domain verb: it emits product.created in its own transaction. */
const changeProduct = (ctx: DomainContext) =>
  createProduct({ ctx, input: { name: `Pack ${randomBytes(5).toString('hex')}`, categoryCode: 'EV_BATTERY' } });

const deliveriesOf = (endpointId: string) =>
  prisma.webhookDelivery.findMany({
    where: { endpointId },
    include: { attempts: { orderBy: { attemptNumber: 'asc' } }, event: true },
    orderBy: { event: { createdAt: 'asc' } },
  });

const pass = (now?: Date) => runDeliveryPass({ now, allowPrivate: true, timeoutMs: 2_000 });

describe('the webhook worker', () => {
  it('delivers a product change to a subscribed receiver, signed so that the standardwebhooks package verifies it', async () => {
    const ctx = await tenant();
    const r = await receiver();
    const { id, secret } = await endpoint(ctx, r.url, ['product.created']);
    const product = await changeProduct(ctx);

    await pass();

    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(verifies(got, secret)).toBe(true);
    expect(got.payload).toMatchObject({ type: 'product.created', data: { productId: product.id } });
    expect(Object.keys(got.payload).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    expect(got.headers['webhook-id']).toBe(got.payload.id);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1, nextAttemptAt: null });
    expect(delivery.attempts[0]).toMatchObject({
      attemptNumber: 1,
      responseStatus: 200,
      error: null,
      responseExcerpt: 'received by test receiver (200)',
    });
  });

  it('delivers only subscribed types, only to endpoints of the same company and mode', async () => {
    const ctx = await tenant();
    const sandbox = { ...ctx, mode: 'TEST' as const };
    const other = await tenant();
    const [live, test, foreign, unsubscribed] = [
      await receiver(),
      await receiver(),
      await receiver(),
      await receiver(),
    ];
    await endpoint(ctx, live.url);
    await endpoint(sandbox, test.url);
    await endpoint(other, foreign.url);
    await endpoint(ctx, unsubscribed.url, ['passport.published']);

    await changeProduct(sandbox);
    await pass();

    expect(test.received.map((d) => d.payload.type)).toEqual(['product.created']);
    expect([live.received, foreign.received, unsubscribed.received]).toEqual([[], [], []]);
  });

  it('for 24 h after a rotation signs with both secrets (two v1 entries), then with the new one only', async () => {
    const ctx = await tenant();
    const r = await receiver();
    const { id, secret: oldSecret } = await endpoint(ctx, r.url);
    const rotatedAt = new Date();
    const { secret: newSecret } = await rotateWebhookSecret({ ctx, id, now: rotatedAt });
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(oldSecret);

    await changeProduct(ctx);
    await pass(later(rotatedAt, 23 * HOUR));
    const during = r.received[0];
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([verifies(during, oldSecret), verifies(during, newSecret)]).toEqual([true, true]);

    await changeProduct(ctx);
    await pass(later(rotatedAt, 25 * HOUR));
    const after = r.received[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect([verifies(after, oldSecret), verifies(after, newSecret)]).toEqual([false, true]);
  });

  it('gives a receiver that was down every event once it is back, in order of creation, with the failed attempts recorded', async () => {
    const ctx = await tenant();
    const port = await freePort();
    const { id, secret } = await endpoint(ctx, `http://127.0.0.1:${port}/hook`);
    const products = [await changeProduct(ctx), await changeProduct(ctx), await changeProduct(ctx)];

    const t0 = new Date();
    await pass(t0);
    const failed = await deliveriesOf(id);
    expect(failed.map((d) => [d.status, d.attemptCount, d.nextAttemptAt?.getTime()])).toEqual(
      Array(3).fill(['PENDING', 1, t0.getTime() + 5_000]),
    );
    for (const d of failed)
      expect(d.attempts[0]).toMatchObject({ responseStatus: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).failingSince).toEqual(t0);

    const r = await receiver(port);
    await pass(later(t0, 10_000));

    expect(r.received.map((d) => d.payload.data.productId)).toEqual(products.map((p) => p.id));
    expect(r.received.every((d) => verifies(d, secret))).toBe(true);
    expect((await deliveriesOf(id)).map((d) => [d.status, d.attemptCount])).toEqual(Array(3).fill(['SUCCEEDED', 2]));
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).failingSince).toBeNull();
  });

  it('counts a non-2xx answer as failed, keeps its excerpt, and ends FAILED when the schedule is spent', async () => {
    const ctx = await tenant();
    const r = await receiver();
    r.status = 500;
    const { id } = await endpoint(ctx, r.url);
    await changeProduct(ctx);
    let now = new Date();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await pass(now);
      now = later(now, 11 * HOUR); // past the longest retry delay
    }
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({ status: 'FAILED', attemptCount: 8, nextAttemptAt: null });
    expect(delivery.attempts.at(-1)).toMatchObject({
      responseStatus: 500,
      responseExcerpt: 'received by test receiver (500)',
      error: expect.stringContaining('500'),
    });
    expect(r.received).toHaveLength(8);
  });

  it('disables an endpoint after 5 days of failures with the reason visible; re-enabling clears it', async () => {
    const ctx = await tenant();
    const { id } = await endpoint(ctx, `http://127.0.0.1:${await freePort()}/hook`);
    await changeProduct(ctx);
    const t0 = new Date();
    await pass(t0);

    await pass(later(t0, 4 * 24 * HOUR));
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).enabled).toBe(true);

    const t5 = later(t0, 5 * 24 * HOUR + 1_000);
    await pass(t5);
    const disabled = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(disabled).toMatchObject({ enabled: false, disabledAt: t5, failingSince: t0 });
    expect(disabled.disabledReason).toContain(`failed for 5 days (since ${t0.toISOString()})`);

    const reenabled = await updateWebhookEndpoint({ ctx, id, input: { enabled: true } });
    expect(reenabled).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });

  it('redelivers on request: one more attempt, due now, with the same webhook-id', async () => {
    const ctx = await tenant();
    const r = await receiver();
    const { id, secret } = await endpoint(ctx, r.url);
    await changeProduct(ctx);
    await pass();
    const [delivery] = await deliveriesOf(id);

    const queued = await redeliverWebhook({ ctx, id: delivery.id });
    expect(queued).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    await pass();

    expect(r.received).toHaveLength(2);
    expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
    expect(verifies(r.received[1], secret)).toBe(true);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'SUCCEEDED', attemptCount: 2 });
  });

  it('refuses at delivery a host name that now resolves to loopback (DNS rebinding), and records why', async () => {
    const ctx = await tenant('TEST');
    const r = await receiver();
    // At creation the name answers a public address; at delivery it answers loopback.
    const { id } = await endpoint(ctx, `http://receiver.example:${r.port}/hook`, ['*'], async () => [
      { address: '93.184.216.34', family: 4 },
    ]);
    await changeProduct(ctx);
    const toLoopback: LookupFunction = (_host, _options, callback) =>
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: '127.0.0.1', family: 4 },
      ]);

    await runDeliveryPass({ allowPrivate: false, resolve: toLoopback, timeoutMs: 2_000 });

    expect(r.received).toEqual([]);
    const [delivery] = await deliveriesOf(id);
    expect(delivery.attempts[0].error).toBe('refused: receiver.example resolves to a loopback address (127.0.0.1)');
  });
});
