import { afterAll, describe, expect, it, vi } from 'vitest';
import { call, executions, readRoute, signedWrite, tenant } from '../../testing/integration-route';
import { disconnectPrisma, prisma } from '../db/client';

afterAll(() => disconnectPrisma());

const body = { name: 'Cell A', quantity: 3 };
const raw = JSON.stringify(body);

describe('promise 2: signatures on writes', () => {
  it('executes a validly signed write, including one whose path has a query string', async () => {
    const { company, key } = await tenant();
    expect((await signedWrite(key, { body })).status).toBe(201);
    expect((await signedWrite(key, { body, path: '/api/v1/probe?b=2&a=%27x%27' })).status).toBe(201);
    expect(await executions(company.id)).toBe(2);
  });

  it('refuses 401 INVALID_SIGNATURE, executing nothing: bare path signed, re-serialised or tampered body, wrong method', async () => {
    const { company, key } = await tenant();
    const cases = [
      { path: '/api/v1/probe?x=1', sign: { pathWithQuery: '/api/v1/probe' } },
      { rawBody: JSON.stringify(body, null, 2), sign: { body: raw } },
      { rawBody: JSON.stringify({ ...body, quantity: 4 }), sign: { body: raw } },
      { rawBody: raw, sign: { method: 'PUT' } },
      { rawBody: raw, headers: { 'x-service-signature': 'v1=deadbeef' }, signingSecret: null },
      { rawBody: raw, signingSecret: null },
    ];
    for (const c of cases) {
      const res = await signedWrite(key, c);
      expect(res.status, JSON.stringify(c)).toBe(401);
      expect(res.body.error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await executions(company.id)).toBe(0);
  });

  it('accepts timestamps exactly 300 s old and 60 s ahead, refuses 301 s and 61 s', async () => {
    const { company, key } = await tenant();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      const now = Math.floor(Date.now() / 1000);
      const at = async (timestamp: number) => (await signedWrite(key, { body, sign: { timestamp } })).status;
      expect(await at(now - 300)).toBe(201);
      expect(await at(now + 60)).toBe(201);
      expect(await at(now - 301)).toBe(401);
      expect(await at(now + 61)).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect(await executions(company.id)).toBe(2);
  });

  it('answers a key without a signing secret 401 SIGNING_NOT_CONFIGURED, even for a signed write', async () => {
    const { company, key } = await tenant();
    await prisma.apiKey.update({ where: { id: key.id }, data: { signingSecretEnc: null } });
    const res = await signedWrite(key, { body });
    expect([res.status, res.body.error.code]).toEqual([401, 'SIGNING_NOT_CONFIGURED']);
    expect(await executions(company.id)).toBe(0);
    expect((await call(readRoute, { method: 'GET', apiKey: key.key })).status).toBe(200);
  });

  it('needs no signature and no Idempotency-Key on reads', async () => {
    const { key } = await tenant();
    const res = await call(readRoute, {
      method: 'GET',
      path: '/api/v1/probe?limit=5',
      apiKey: key.key,
      idempotencyKey: null,
    });
    expect([res.status, res.body.limit]).toEqual([200, 5]);
  });
});
