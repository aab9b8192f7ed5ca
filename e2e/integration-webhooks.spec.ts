// HTTP contract of webhook endpoints and deliveries, through the integrator client: CRUD, secret rotation, the
// delivery history, redelivery, every named error, and one real delivery from a product change to a receiver
// started in the test (the server runs the pg-boss worker; playwright.config.ts sets WEBHOOKS_ALLOW_PRIVATE=1).
import { randomUUID } from 'node:crypto';
import type { IntegrationApiError } from '../lib/client';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '../lib/client/webhooks';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { eventually } from '../testing/poll';
import { nextSecond } from '../testing/signing-clock';
import { TestReceiver, verifies } from '../testing/webhooks';

const CLOSED = 'http://127.0.0.1:9/hook'; // the discard port: nothing listens, so the worker's attempts fail fast

/** Polls until `check` returns a value; the bound covers the worker's first cron tick after server start. */
const delivered = <T>(check: () => Promise<T | undefined>) => eventually(check, { timeoutMs: 120_000, everyMs: 500 });

test.describe('webhook endpoints', () => {
  test('create shows the whsec_ secret once (201, Location); read, list, change, disable, re-enable and delete', async () => {
    const { client } = await newTenant();
    const created = await client.send<WebhookEndpointWithSecret>('POST', '/api/v1/webhook-endpoints', {
      body: { url: CLOSED, description: 'ERP', eventTypes: ['product.created'] },
    });
    expect(created.status).toBe(201);
    const endpoint = created.data;
    expect(created.headers.get('location')).toBe(`/api/v1/webhook-endpoints/${endpoint.id}`);
    expect(endpoint).toMatchObject({
      url: CLOSED,
      description: 'ERP',
      eventTypes: ['product.created'],
      mode: 'live',
      enabled: true,
      disabledAt: null,
      failingSince: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const { secret: _secret, ...stored } = endpoint;
    expect(await client.getWebhookEndpoint(endpoint.id)).toEqual(stored);
    expect((await client.listWebhookEndpoints()).data).toEqual([stored]);

    const changed = await client.updateWebhookEndpoint(endpoint.id, { eventTypes: ['*'], description: null });
    expect(changed).toMatchObject({ eventTypes: ['*'], description: null });
    const paused = await client.updateWebhookEndpoint(endpoint.id, { enabled: false });
    expect(paused).toMatchObject({ enabled: false, disabledReason: 'Disabled through the API.' });
    expect(paused.disabledAt).not.toBeNull();
    expect(await client.updateWebhookEndpoint(endpoint.id, { enabled: true })).toMatchObject({
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });

    expect((await client.send('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await refusal(client.getWebhookEndpoint(endpoint.id))).code).toBe('NOT_FOUND');
  });

  test('an idempotent replay of create answers the same endpoint and secret; nothing is created twice', async () => {
    const { company, client } = await newTenant();
    const idempotencyKey = randomUUID();
    const body = { url: CLOSED, eventTypes: ['passport.published' as const] };
    const first = await client.createWebhookEndpoint(body, { idempotencyKey });
    const replay = await client.createWebhookEndpoint(body, { idempotencyKey });
    expect(replay).toEqual(first);
    expect(await db().webhookEndpoint.count({ where: { companyId: company.id } })).toBe(1);
  });

  test('rotate-secret answers a new secret once; the previous one keeps signing for 24 h', async () => {
    const { client } = await newTenant();
    const endpoint = await client.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] });
    const before = Date.now();
    const rotated = await client.rotateWebhookSecret(endpoint.id);
    expect(rotated.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(rotated.previousSecretExpiresAt!);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    expect(await client.getWebhookEndpoint(endpoint.id)).not.toHaveProperty('secret');
  });

  test('sandbox keys see only sandbox endpoints; live keys only live ones', async () => {
    const { company, client: live } = await newTenant();
    const { client: sandbox } = await newKey(company.id, { mode: 'test' });
    const liveEndpoint = await live.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] });
    const testEndpoint = await sandbox.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] });
    expect(testEndpoint.mode).toBe('test');
    expect((await sandbox.listWebhookEndpoints()).data.map((e) => e.id)).toEqual([testEndpoint.id]);
    expect((await refusal(sandbox.getWebhookEndpoint(liveEndpoint.id))).code).toBe('NOT_FOUND');
    expect((await refusal(live.rotateWebhookSecret(testEndpoint.id))).code).toBe('NOT_FOUND');
  });
});

test.describe('webhook delivery end to end', () => {
  test('a product change through the API reaches a real receiver, signed so that standardwebhooks verifies it; the history records it; redeliver sends it again', async () => {
    test.setTimeout(300_000);
    const receiver = await new TestReceiver().start();
    try {
      const { client } = await newTenant();
      const endpoint = await client.createWebhookEndpoint({ url: receiver.url, eventTypes: ['product.created'] });
      const product = await client.createProduct({
        name: `Hooked ${randomUUID().slice(0, 8)}`,
        categoryCode: 'EV_BATTERY',
      });

      const first = await delivered(async () => receiver.received[0]);
      expect(verifies(first, endpoint.secret)).toBe(true);
      expect(first.payload).toMatchObject({ type: 'product.created', data: { productId: product.id } });

      const history = await delivered(async () => {
        const page = await client.listWebhookDeliveries(endpoint.id);
        return page.data[0]?.status === 'SUCCEEDED' ? page : undefined;
      });
      const delivery: WebhookDelivery = history.data[0];
      expect(delivery).toMatchObject({
        endpointId: endpoint.id,
        eventId: first.payload.id,
        eventType: 'product.created',
        attemptCount: 1,
        nextAttemptAt: null,
      });
      expect(delivery.attempts).toEqual([
        expect.objectContaining({
          attemptNumber: 1,
          responseStatus: 200,
          error: null,
          responseExcerpt: 'received by test receiver (200)',
        }),
      ]);

      const queued = await client.send<WebhookDelivery>('POST', `/api/v1/webhook-deliveries/${delivery.id}/redeliver`);
      expect(queued.status).toBe(202);
      expect(queued.data).toMatchObject({ id: delivery.id, status: 'PENDING' });
      const again = await delivered(async () => receiver.received[1]);
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verifies(again, endpoint.secret)).toBe(true);
    } finally {
      await receiver.stop();
    }
  });
});

test.describe('webhook errors', () => {
  const issuePaths = (e: IntegrationApiError) =>
    (e.body as { error: { details: { issues: { path: string }[] } } }).error.details.issues.map((i) => i.path);

  test('400 VALIDATION_ERROR naming url for a metadata or link-local address, live http to a public host, credentials; naming eventTypes for an unknown type', async () => {
    const { client } = await newTenant();
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'http://93.184.216.34/hook',
      'https://user:pw@93.184.216.34/hook',
      'ftp://93.184.216.34/hook',
    ]) {
      const error = await refusal(client.createWebhookEndpoint({ url, eventTypes: ['*'] }));
      expect([error.status, error.code, issuePaths(error)], url).toEqual([400, 'VALIDATION_ERROR', ['url']]);
    }
    const unknown = await refusal(
      client.createWebhookEndpoint({ url: CLOSED, eventTypes: ['product.exploded' as never] }),
    );
    expect([unknown.code, issuePaths(unknown)]).toEqual(['VALIDATION_ERROR', ['eventTypes.0']]);
    expect((await client.listWebhookEndpoints()).data).toEqual([]);
  });

  test("404 NOT_FOUND for another company's endpoint and delivery; 400 INVALID_ID for a malformed id", async () => {
    const { client: owner, company } = await newTenant();
    const { client: stranger } = await newTenant();
    const endpoint = await owner.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] });
    const event = await db().webhookEvent.create({
      data: { companyId: company.id, mode: 'LIVE', type: 'product.updated', payload: {} },
    });
    const delivery = await db().webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: event.id, status: 'FAILED' },
    });
    const calls = [
      () => stranger.getWebhookEndpoint(endpoint.id),
      () => stranger.updateWebhookEndpoint(endpoint.id, { enabled: false }),
      () => stranger.deleteWebhookEndpoint(endpoint.id),
      () => stranger.rotateWebhookSecret(endpoint.id),
      () => stranger.listWebhookDeliveries(endpoint.id),
      () => stranger.redeliverWebhook(delivery.id),
    ];
    for (const call of calls) expect((await refusal(call())).code).toBe('NOT_FOUND');
    for (const call of [() => owner.getWebhookEndpoint('nope'), () => owner.redeliverWebhook('12345')]) {
      const error = await refusal(call());
      expect([error.status, error.code]).toEqual([400, 'INVALID_ID']);
    }
    expect((await owner.getWebhookEndpoint(endpoint.id)).enabled).toBe(true);
  });

  test('403 FORBIDDEN_SCOPE without webhook:write (writes) or webhook:read (reads)', async () => {
    const { company } = await newTenant();
    const { client: reader } = await newKey(company.id, { scopes: ['webhook:read'] });
    const { client: other } = await newKey(company.id, { scopes: ['dpp:read'] });
    expect((await refusal(reader.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] }))).code).toBe(
      'FORBIDDEN_SCOPE',
    );
    expect((await reader.listWebhookEndpoints()).data).toEqual([]);
    expect((await refusal(other.listWebhookEndpoints())).code).toBe('FORBIDDEN_SCOPE');
  });

  test('422 PLAN_LIMIT at the plan quota of webhook endpoints; 403 FORBIDDEN_MODULE without the webhooks module', async () => {
    const { company, client } = await newTenant();
    await db().company.update({ where: { id: company.id }, data: { maxWebhookEndpoints: 1 } });
    await client.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] });
    await nextSecond(); // the same signed create in the same second would be a replayed signature (401)
    const limit = await refusal(client.createWebhookEndpoint({ url: CLOSED, eventTypes: ['*'] }));
    expect([limit.status, limit.code]).toEqual([422, 'PLAN_LIMIT']);

    await db().company.update({ where: { id: company.id }, data: { modules: ['integration_api'] } });
    const module = await refusal(client.listWebhookEndpoints());
    expect([module.status, module.code]).toEqual([403, 'FORBIDDEN_MODULE']);
  });
});
