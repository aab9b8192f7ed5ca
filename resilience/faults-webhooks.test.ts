// A tenant's webhook receiver down for a while, against the production build: the events emitted meanwhile are
// retried on the schedule (WEBHOOK_RETRY_DELAYS_MS shortened to seconds here) and every one arrives once the receiver
// is back, each exactly once, with a signature the standardwebhooks package verifies.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrismaClient, type Db } from '../lib/db/client';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { apiTenant } from '../testing/integration-client';
import { waitFor } from '../testing/poll';
import { seconds } from './faults-kit';
import { figure } from './kit/figures';
import { type RunningService, startService } from './kit/service';
import { duplicates, type WebhookReceiver, webhookReceiver } from './kit/webhook-receiver';

const SUITE = 'faults';
/** Ten retries over about a minute: the receiver is back long before the schedule is spent. */
const RETRY_DELAYS_MS = '1000,2000,2000,3000,3000,5000,5000,10000,10000,20000';
const PRODUCTS = 4;

let database: TestDatabase;
let service: RunningService;
let db: Db;
let tenant: Awaited<ReturnType<typeof apiTenant>>;
let receiver: WebhookReceiver;
let endpointId: string;

beforeAll(async () => {
  database = await createTestDatabase('faults_webhooks');
  service = await startService({
    databaseUrl: database.url,
    env: { TRUSTED_PROXY_HOPS: '1', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS_MS: RETRY_DELAYS_MS },
  });
  db = createPrismaClient(database.url);
  tenant = await apiTenant(db, service.baseUrl);
  receiver = await webhookReceiver();
  const endpoint = await tenant.client.createWebhookEndpoint({ url: receiver.url, eventTypes: ['*'] });
  endpointId = endpoint.id;
  receiver.setSecret(endpoint.secret);
});

afterAll(async () => {
  await service?.stop();
  await receiver?.down();
  await db?.$disconnect();
  await database?.dispose();
});

const deliveries = () => db.webhookDelivery.findMany({ where: { endpointId }, include: { attempts: true } });

describe('the webhook receiver down for a while', () => {
  test('events emitted while it is down are retried, then every one is delivered once it is back, none twice', async () => {
    expect(receiver.isUp()).toBe(false);
    // Writes that each emit an event: a create and a form-data change per product.
    for (let i = 0; i < PRODUCTS; i++) {
      const product = await tenant.client.createProduct({
        name: `Hooked pack ${i} ${randomUUID().slice(0, 8)}`,
        categoryCode: 'EV_BATTERY',
      });
      await tenant.client.putFormData(product.id, {
        formData: { model_number: `HP-${i}` },
        lockVersion: product.lockVersion,
      });
    }
    const events = await db.webhookEvent.findMany({
      where: { companyId: tenant.company.id },
      select: { id: true, type: true },
    });
    expect(events).toHaveLength(2 * PRODUCTS);

    // While the receiver is down each delivery fails and is tried again on the schedule, not given up.
    await waitFor(
      async () => {
        const rows = await deliveries();
        return rows.length === events.length && rows.every((d) => d.attempts.length >= 2);
      },
      60_000,
      'two failed attempts of every delivery',
    );
    const whileDown = await deliveries();
    expect(
      whileDown.every((d) => d.status === 'PENDING' && d.attempts.every((a) => a.responseStatus === null && a.error)),
    ).toBe(true);
    const failedAttempts = whileDown.reduce((n, d) => n + d.attempts.length, 0);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).toMatchObject({
      enabled: true,
      failingSince: expect.any(Date),
    });

    await receiver.up();
    const upAt = Date.now();
    await waitFor(
      async () => (await deliveries()).every((d) => d.status === 'SUCCEEDED'),
      60_000,
      'every delivery succeeded',
    );
    const deliveredIn = Date.now() - upAt;

    const ids = new Set(receiver.verified.map((d) => d.id));
    expect([...ids].sort()).toEqual(events.map((e) => e.id).sort());
    expect(receiver.verified.map((d) => d.type).sort()).toEqual(events.map((e) => e.type).sort());
    expect(duplicates(receiver.verified).size).toBe(0);
    expect(receiver.rejected).toBe(0);
    // The streak is over: the endpoint is no longer counted as failing.
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } })).toMatchObject({
      enabled: true,
      failingSince: null,
    });

    figure(SUITE, 'webhook receiver down: events emitted', events.length);
    figure(SUITE, 'webhook receiver down: failed attempts while down', failedAttempts);
    figure(SUITE, 'webhook receiver down: events delivered after recovery', ids.size);
    figure(SUITE, 'webhook receiver down: duplicates', duplicates(receiver.verified).size);
    figure(SUITE, 'webhook receiver down: all delivered after it came back in', seconds(deliveredIn), 's');
  });
});
