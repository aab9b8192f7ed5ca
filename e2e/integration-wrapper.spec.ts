// The Integration API wrapper over real HTTP: custom server, middleware and route together, through the integrator
// client (and raw fetch where a well-behaved client cannot make the mistake). Each test names the promise it proves.
import { randomInt, randomUUID } from 'node:crypto';
import { signIntegrationRequest } from '../lib/client';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, db, newTenant } from '../testing/e2e/integration';
import { nextSecond } from '../testing/signing-clock';

const PREFIXES = '/api/v1/companies/me/gs1-prefixes';
/** 9 digits under 95…, a range no other spec registers, so prefixes never overlap another test's. */
const freshPrefix = () => `95${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A request exactly as given: no signing, no headers but these, from its own address unless one is named. */
function raw(
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return fetch(BASE_URL + path, { method, body, headers: { 'X-Forwarded-For': clientAddress(), ...headers } });
}

/** Limits count in fixed one-minute windows: start a counting test with at least `ms` of the window left. */
async function roomInWindow(ms: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const rateLimitOf = (headers: Headers) =>
  ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'].map((n) => headers.get(n));

test.describe('the Integration API wrapper over HTTP', () => {
  test('promise 5: every answer carries the server request id (never a client copy), the mode, and its envelope', async () => {
    const live = await newTenant({ scopes: ['category:read'] });
    const ok = await live.client.send('GET', '/api/v1/meta', {
      headers: { 'X-Request-Id': 'forged-id', 'X-Service-Request-Id': 'forged-id' },
    });
    const again = await live.client.send('GET', '/api/v1/meta');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-service-request-id')).toMatch(UUID);
    expect(ok.headers.get('x-service-request-id')).not.toBe(again.headers.get('x-service-request-id'));
    expect(ok.headers.get('x-service-mode')).toBe('live');
    const refused = await live.client.send('GET', '/api/v1/products');
    expect([refused.status, refused.data.error.code]).toEqual([403, 'FORBIDDEN_SCOPE']);
    expect(refused.data.error.requestId).toBe(refused.headers.get('x-service-request-id'));
    const sandbox = await newTenant({ mode: 'test', scopes: ['category:read'] });
    expect((await sandbox.client.send('GET', '/api/v1/industries')).headers.get('x-service-mode')).toBe('test');
  });

  test('promise 1 and 5: a 401 names the Bearer scheme and carries the edge RateLimit headers', async () => {
    await roomInWindow(5_000);
    const address = `203.0.113.${randomInt(1, 255)}`;
    const res = await raw('/api/v1/meta', { headers: { 'X-Forwarded-For': address } });
    const body = await res.json();
    expect([res.status, body.error.code, res.headers.get('www-authenticate')]).toEqual([
      401,
      'UNAUTHENTICATED',
      'Bearer',
    ]);
    expect(body.error.requestId).toBe(res.headers.get('x-service-request-id'));
    const [limit, remaining, reset] = rateLimitOf(res.headers);
    expect(limit).toBe('120');
    expect(Number(reset)).toBeGreaterThan(0);
    // The edge counts this address: a second refusal has one request less left.
    const second = await raw('/api/v1/meta', {
      headers: { 'X-Forwarded-For': address, Authorization: 'Bearer pk_live_unknown' },
    });
    expect(second.status).toBe(401);
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(Number(remaining) - 1);
    const { client } = await newTenant({ scopes: ['category:read'], address });
    const known = await client.send('GET', '/api/v1/meta');
    expect(rateLimitOf(known.headers).slice(0, 2)).toEqual(['100', '99']);
  });

  test('promise 1: unknown and revoked keys get the same 401 INVALID_API_KEY body but for the request id', async () => {
    const { key } = await newTenant();
    await db().apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date(Date.now() - 1000) } });
    const bodies = [];
    for (const apiKey of [key.key, `pk_live_${'Z'.repeat(32)}`]) {
      const res = await raw('/api/v1/meta', { headers: { Authorization: `Bearer ${apiKey}` } });
      const text = await res.text();
      expect([res.status, JSON.parse(text).error.code]).toEqual([401, 'INVALID_API_KEY']);
      bodies.push(text.replace(res.headers.get('x-service-request-id')!, '<id>'));
    }
    expect(bodies[0]).toBe(bodies[1]);
  });

  test('promise 1: the allow-list judges the address the server trusts; a sandbox key must say X-Service-Mode: test', async () => {
    const inside = await newTenant({
      scopes: ['category:read'],
      allowedCidrs: ['192.0.2.0/24'],
      address: '192.0.2.77',
    });
    expect((await inside.client.send('GET', '/api/v1/meta')).status).toBe(200);
    const outside = await inside.client.send('GET', '/api/v1/meta', { headers: { 'X-Forwarded-For': '198.51.100.3' } });
    expect([outside.status, outside.data.error.details?.reason]).toEqual([401, 'ADDRESS_NOT_ALLOWED']);
    const { key } = await newTenant({ mode: 'test' });
    const res = await raw('/api/v1/meta', { headers: { Authorization: `Bearer ${key.key}` } });
    expect([res.status, (await res.json()).error.code]).toEqual([400, 'MODE_HEADER_MISMATCH']);
  });

  test('promise 1: 100 requests a minute per key from any address; the 101st is 429 with Retry-After and RateLimit-*', async () => {
    test.setTimeout(120_000);
    await roomInWindow(25_000);
    const { client } = await newTenant({ scopes: ['category:read'] });
    for (let i = 0; i < 100; i++) {
      const res = await client.send('GET', '/api/v1/meta', { headers: { 'X-Forwarded-For': clientAddress() } });
      expect(res.status).toBe(200);
    }
    const refused = await client.send('GET', '/api/v1/meta', { headers: { 'X-Forwarded-For': clientAddress() } });
    expect([refused.status, refused.data.error.code]).toEqual([429, 'RATE_LIMITED']);
    const [limit, remaining, reset] = rateLimitOf(refused.headers);
    expect([limit, remaining]).toEqual(['100', '0']);
    expect(refused.headers.get('retry-after')).toBe(reset);
    expect(Number(reset)).toBeGreaterThan(0);
  });

  test('promise 2: the signature covers the path and query string exactly as sent, and the raw body', async () => {
    const { company, key, client, address } = await newTenant();
    const signed = await client.send('POST', `${PREFIXES}?source=erp&b=2&a=1`, { body: { prefix: freshPrefix() } });
    expect(signed.status).toBe(201);
    const body = JSON.stringify({ prefix: freshPrefix() });
    const send = (path: string, signedPath: string, signedBody = body) =>
      raw(path, {
        method: 'POST',
        body,
        headers: {
          'X-Forwarded-For': address,
          Authorization: `Bearer ${key.key}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
          ...signIntegrationRequest({
            method: 'POST',
            pathWithQuery: signedPath,
            body: signedBody,
            signingSecret: key.signingSecret,
          }),
        },
      });
    const refusals = [
      await send(`${PREFIXES}?b=2&a=1`, PREFIXES),
      await send(`${PREFIXES}?b=2&a=1`, `${PREFIXES}?a=1&b=2`),
      await send(PREFIXES, PREFIXES, JSON.stringify(JSON.parse(body), null, 1)),
    ];
    for (const res of refusals) expect([res.status, (await res.json()).error.code]).toEqual([401, 'INVALID_SIGNATURE']);
    expect((await send(`${PREFIXES}?b=2&a=1`, `${PREFIXES}?b=2&a=1`)).status).toBe(201);
    expect(await db().gs1Prefix.count({ where: { companyId: company.id } })).toBe(2);
  });

  test('promise 3: a retry with the same Idempotency-Key replays the original answer with Idempotent-Replayed: true', async () => {
    const { company, client } = await newTenant();
    const idempotencyKey = randomUUID();
    const body = { prefix: freshPrefix() };
    const first = await client.send('POST', PREFIXES, { body, idempotencyKey });
    const again = await client.send('POST', PREFIXES, { body, idempotencyKey });
    expect(first.status).toBe(201);
    expect([again.status, again.data, again.headers.get('idempotent-replayed')]).toEqual([201, first.data, 'true']);
    expect(again.headers.get('x-service-request-id')).not.toBe(first.headers.get('x-service-request-id'));
    // A new key is a new logical write: signed in a later second (the same signature with a new key is a replay).
    await nextSecond();
    const fresh = await client.send('POST', PREFIXES, { body });
    expect([fresh.status, fresh.headers.get('idempotent-replayed')]).toEqual([200, null]);
    const reused = await client.send('POST', PREFIXES, { body: { prefix: freshPrefix() }, idempotencyKey });
    expect([reused.status, reused.data.error.details?.reason]).toEqual([400, 'KEY_REUSED']);
    expect(await db().gs1Prefix.count({ where: { companyId: company.id } })).toBe(1);
  });

  test('promise 3: five concurrent identical POSTs create exactly one product, and all get the same answer', async () => {
    const { company, client } = await newTenant();
    const idempotencyKey = randomUUID();
    const body = { name: `Concurrent pack ${randomUUID()}`, categoryCode: 'EV_BATTERY' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.send('POST', '/api/v1/products', { body, idempotencyKey })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(new Set(answers.map((a) => a.headers.get('location'))).size).toBe(1);
    expect(await db().product.count({ where: { companyId: company.id, name: body.name } })).toBe(1);
  });

  test('promise 4: a body naming companyId, even nested, is 400 VALIDATION_ERROR and writes nothing', async () => {
    const { company, client } = await newTenant();
    for (const body of [
      { prefix: freshPrefix(), companyId: company.id },
      { prefix: freshPrefix(), meta: { owner: { companyId: 'x' } } },
    ]) {
      const res = await client.send('POST', PREFIXES, { body });
      expect([res.status, res.data.error.code, res.data.error.details.issues[0].path]).toEqual([
        400,
        'VALIDATION_ERROR',
        'companyId',
      ]);
    }
    expect(await db().gs1Prefix.count({ where: { companyId: company.id } })).toBe(0);
  });
});
