// Promise 7, the authorization matrix: for every authenticated operation of INTEGRATION_ENDPOINTS (the list the
// OpenAPI document is made from), no key is 401, a key lacking the operation's scope is 403, another tenant's key and
// a sandbox key of the owner get 404 for the owner's product, and no refusal changes the product or its audit trail.
import { z } from 'zod';
import { createTransport, type RequestOptions } from '../lib/client/http';
import { INTEGRATION_ENDPOINTS } from '../lib/integration/api';
import type { Endpoint } from '../lib/integration/endpoint';
import { GRANTABLE_SCOPES } from '../lib/integration/scopes';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, db, newKey, newTenant } from '../testing/e2e/integration';
import { createTestProduct } from '../testing/factories';

const authenticated = INTEGRATION_ENDPOINTS.filter((e) => e.scope !== null);
const isWrite = (e: Endpoint) => e.method !== 'GET';
const PRODUCT_PATH = /^\/api\/v1\/products\/\{id\}/;

/** The body schema's own example (`.meta({ examples: [...] })` or `.meta({ example })`), or null. */
function bodyExample(endpoint: Endpoint): unknown {
  const { body } = endpoint;
  if (!body || typeof body === 'string') return null;
  const meta = z.globalRegistry.get(body) as { examples?: unknown; example?: unknown } | undefined;
  if (Array.isArray(meta?.examples) && meta.examples.length > 0) return meta.examples[0];
  return meta?.example ?? null;
}

/** What the request carries: the example body, `{}` when the endpoint has none, nothing when it takes none. */
function requestOf(endpoint: Endpoint): RequestOptions {
  if (!isWrite(endpoint) || endpoint.body === undefined || endpoint.body === 'none') return {};
  if (endpoint.body === 'multipart') return { rawBody: '--x--\r\n', contentType: 'multipart/form-data; boundary=x' };
  return { body: bodyExample(endpoint) ?? {} };
}

const HANDOVER_PATH = /^\/api\/v1\/handovers\/\{id\}/;

type Refusal = (
  transport: ReturnType<typeof createTransport>,
  status: number,
  code: string,
  who: string,
  at?: string,
) => Promise<void>;

/**
 * A handover of the owner's product to a third company: another company and a sandbox key of the owner get 404 on
 * every handover operation, and accept and decline answer 404 to the offering side as well (only the receiving
 * company decides); none of them changes the handover.
 */
async function expectHandoverIsolation(endpoint: Endpoint, ownerId: string, productId: string, expectRefused: Refusal) {
  const receiver = await newTenant();
  const handover = await db().handover.create({
    data: {
      mode: 'LIVE',
      productId,
      fromCompanyId: ownerId,
      toCompanyId: receiver.company.id,
      reason: 'REPURPOSED',
      expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    },
  });
  const path = endpoint.path.replace('{id}', handover.id);
  const outsider = await newTenant();
  await expectRefused(
    transportFor(outsider.key.key, outsider.key.signingSecret),
    404,
    'NOT_FOUND',
    '(c) another company with every scope, on a handover',
    path,
  );
  const { key: sandbox } = await newKey(ownerId, { mode: 'test' });
  await expectRefused(
    transportFor(sandbox.key, sandbox.signingSecret),
    404,
    'NOT_FOUND',
    '(c) a sandbox key of the offering company, on a handover',
    path,
  );
  if (endpoint.method === 'POST') {
    const { key: offering } = await newKey(ownerId);
    await expectRefused(
      transportFor(offering.key, offering.signingSecret),
      404,
      'NOT_FOUND',
      '(c) the offering company answering its own offer',
      path,
    );
  }
  const after = await db().handover.findUniqueOrThrow({ where: { id: handover.id } });
  expect([after.status, after.successorId]).toEqual(['OFFERED', null]);
}

const pathOf = (endpoint: Endpoint, productId: string) =>
  endpoint.path
    .replace('{id}', PRODUCT_PATH.test(endpoint.path) ? productId : '00000000-0000-4000-8000-000000000000')
    .replace('{code}', 'EV_BATTERY');

/** A fetch that drops the Authorization header the transport always sets: the request of a caller with no key. */
const withoutKey: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('authorization');
  return fetch(input, { ...init, headers });
};

const transportFor = (apiKey: string, signingSecret: string, fetchImpl?: typeof fetch) =>
  createTransport({
    baseUrl: BASE_URL,
    apiKey,
    signingSecret,
    maxRetries: 0,
    headers: { 'X-Forwarded-For': clientAddress() },
    fetch: fetchImpl,
  });

/** What a refused request must leave untouched: the product's row and its audit trail. */
async function productState(productId: string) {
  const row = await db().product.findUniqueOrThrow({
    where: { id: productId },
    select: { lockVersion: true, updatedAt: true, state: true, formData: true },
  });
  return { ...row, audit: await db().auditLog.count({ where: { productId } }) };
}

test.describe('promise 7: the authorization matrix of the Integration API', () => {
  test('lists the operations it covers', () => {
    expect(authenticated.length).toBeGreaterThan(0);
    test.info().annotations.push({
      type: 'operations',
      description: authenticated.map((e) => `${e.method} ${e.path}`).join(', '),
    });
  });

  test('every JSON write operation documents a body example (the matrix sends it to reach the ownership check)', () => {
    const missing = authenticated.filter(
      (e) => isWrite(e) && e.body && typeof e.body !== 'string' && bodyExample(e) === null,
    );
    const reads = authenticated.filter(
      (e) => !isWrite(e) && e.body && typeof e.body !== 'string' && bodyExample(e) === null,
    );
    if (reads.length)
      test.info().annotations.push({
        type: 'reads without a body example',
        description: reads.map((e) => e.operationId).join(', '),
      });
    expect(
      missing.map((e) => `${e.method} ${e.path} (${e.operationId})`),
      'add .meta({ examples: [...] }) to these body schemas',
    ).toEqual([]);
  });

  for (const endpoint of authenticated) {
    test(`${endpoint.method} ${endpoint.path} [${endpoint.scope}]: 401 without a key, 403 without the scope, 404 across tenants and modes`, async () => {
      const owner = await newTenant();
      const product = await createTestProduct(db(), { companyId: owner.company.id });
      const path = pathOf(endpoint, product.id);
      const request = requestOf(endpoint);
      const before = await productState(product.id);
      const expectRefused = async (
        transport: ReturnType<typeof createTransport>,
        status: number,
        code: string,
        who: string,
        at = path,
      ) => {
        const res = await transport.send(endpoint.method, at, request);
        expect([res.status, res.data?.error?.code], `${who}: ${JSON.stringify(res.data)}`).toEqual([status, code]);
        expect(res.data.error.requestId).toBe(res.headers.get('x-service-request-id'));
        expect(await productState(product.id), `${who} changed the product or its audit trail`).toEqual(before);
      };

      await expectRefused(transportFor('no key', 'no secret', withoutKey), 401, 'UNAUTHENTICATED', '(a) no key');

      if (endpoint.scope !== 'any') {
        const { key } = await newKey(owner.company.id, {
          scopes: GRANTABLE_SCOPES.filter((s) => s !== endpoint.scope),
        });
        await expectRefused(
          transportFor(key.key, key.signingSecret),
          403,
          'FORBIDDEN_SCOPE',
          '(b) every scope but its own',
        );
      }

      if (!endpoint.path.includes('{id}')) return;
      if (HANDOVER_PATH.test(endpoint.path)) {
        await expectHandoverIsolation(endpoint, owner.company.id, product.id, expectRefused);
        return;
      }
      if (!PRODUCT_PATH.test(endpoint.path)) {
        test
          .info()
          .annotations.push({ type: 'skipped (c)', description: `${endpoint.path}: {id} is not a product id` });
        return;
      }
      const outsider = await newTenant();
      await expectRefused(
        transportFor(outsider.key.key, outsider.key.signingSecret),
        404,
        'NOT_FOUND',
        '(c) another company with every scope',
      );
      const { key: sandbox } = await newKey(owner.company.id, { mode: 'test' });
      const [status, code] = endpoint.liveOnly ? [403, 'CROSS_MODE_DENIED'] : [404, 'NOT_FOUND'];
      await expectRefused(
        transportFor(sandbox.key, sandbox.signingSecret),
        status,
        code,
        '(c) a sandbox key of the owner',
      );
    });
  }
});
