import { afterAll, describe, expect, it } from 'vitest';
import { call, readRoute, signedWrite, tenant, writeRoute } from '../../testing/integration-route';
import { disconnectPrisma, prisma } from '../db/client';

afterAll(() => disconnectPrisma());

const past = () => new Date(Date.now() - 1000);

describe('promise 1: the order of the layers', () => {
  it('answers a request without Authorization 401 UNAUTHENTICATED with WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Basic dXNlcjpwdw==', 'Bearer', '']) {
      const res = await call(readRoute, { method: 'GET', authorization });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('answers unknown, revoked, expired and rotated-past-grace keys alike: 401 INVALID_API_KEY, identical bodies', async () => {
    const { key: revoked } = await tenant();
    const { key: expired } = await tenant();
    const { key: rotated } = await tenant();
    await prisma.apiKey.update({ where: { id: revoked.id }, data: { revokedAt: past() } });
    await prisma.apiKey.update({ where: { id: expired.id }, data: { expiresAt: past() } });
    await prisma.apiKey.update({ where: { id: rotated.id }, data: { graceUntil: past() } });
    const unknown = `pk_live_${'A'.repeat(32)}`;
    const answers = [];
    for (const apiKey of [unknown, revoked.key, expired.key, rotated.key, 'pk_live_short']) {
      const requestId = crypto.randomUUID();
      const res = await call(readRoute, { method: 'GET', apiKey, requestId });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_API_KEY');
      answers.push({ body: res.text.replace(requestId, '<id>'), authenticate: res.headers.get('www-authenticate') });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].authenticate).toBe('Bearer error="invalid_token"');
  });

  it('keeps a rotated key working until its grace period ends', async () => {
    const { key } = await tenant();
    await prisma.apiKey.update({ where: { id: key.id }, data: { graceUntil: new Date(Date.now() + 3_600_000) } });
    expect((await call(readRoute, { method: 'GET', apiKey: key.key })).status).toBe(200);
  });

  it('refuses a suspended company 403 FORBIDDEN_COMPANY and a plan without the Integration API 403 FORBIDDEN_MODULE', async () => {
    const suspended = await tenant({ company: { suspendedAt: new Date() } });
    const res = await call(readRoute, { method: 'GET', apiKey: suspended.key.key });
    expect([res.status, res.body.error.code]).toEqual([403, 'FORBIDDEN_COMPANY']);
    const noModule = await tenant({ company: { modules: ['bms', 'webhooks', 'documents'] } });
    const refused = await call(readRoute, { method: 'GET', apiKey: noModule.key.key });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN_MODULE']);
  });

  it('applies the CIDR allow-list: outside and unknown addresses refused (fail closed), inside and empty list allowed', async () => {
    const { key } = await tenant({ allowedCidrs: ['203.0.113.0/24', '2001:db8::/32'] });
    for (const address of ['198.51.100.7', '2001:db9::1', null, 'not-an-ip']) {
      const res = await call(readRoute, { method: 'GET', apiKey: key.key, address });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'INVALID_API_KEY', details: { reason: 'ADDRESS_NOT_ALLOWED' } });
    }
    for (const address of ['203.0.113.200', '2001:db8:1::5']) {
      expect((await call(readRoute, { method: 'GET', apiKey: key.key, address })).status).toBe(200);
    }
    const open = await tenant({ allowedCidrs: [] });
    expect((await call(readRoute, { method: 'GET', apiKey: open.key.key, address: null })).status).toBe(200);
  });

  it('refuses a pk_test_ key without X-Service-Mode: test, and a live key sending test, 400 MODE_HEADER_MISMATCH', async () => {
    const sandbox = await tenant({ mode: 'test' });
    const live = await tenant();
    const cases = [
      { apiKey: sandbox.key.key, mode: null },
      { apiKey: sandbox.key.key, mode: 'live' },
      { apiKey: live.key.key, mode: 'test' },
    ];
    for (const c of cases) {
      const res = await call(readRoute, { method: 'GET', ...c });
      expect([res.status, res.body.error.code]).toEqual([400, 'MODE_HEADER_MISMATCH']);
    }
    expect((await call(readRoute, { method: 'GET', apiKey: sandbox.key.key, mode: 'test' })).status).toBe(200);
    expect((await call(readRoute, { method: 'GET', apiKey: live.key.key, mode: 'live' })).status).toBe(200);
    expect((await call(readRoute, { method: 'GET', apiKey: live.key.key, mode: null })).status).toBe(200);
  });

  it('checks company before module before address, and all of them before the mode header', async () => {
    const both = await tenant({
      company: { suspendedAt: new Date(), modules: [] },
      allowedCidrs: ['10.0.0.0/8'],
      mode: 'test',
    });
    const res = await call(readRoute, { method: 'GET', apiKey: both.key.key, mode: null });
    expect(res.body.error.code).toBe('FORBIDDEN_COMPANY');
    const noModule = await tenant({ company: { modules: [] }, allowedCidrs: ['10.0.0.0/8'] });
    expect((await call(readRoute, { method: 'GET', apiKey: noModule.key.key })).body.error.code).toBe(
      'FORBIDDEN_MODULE',
    );
    const outside = await tenant({ allowedCidrs: ['10.0.0.0/8'], mode: 'test' });
    expect(
      (await call(readRoute, { method: 'GET', apiKey: outside.key.key, mode: null })).body.error.details.reason,
    ).toBe('ADDRESS_NOT_ALLOWED');
  });

  it('checks a write: mode header, then signature, then Idempotency-Key, then scope, then the body', async () => {
    const readOnly = await tenant({ scopes: ['dpp:read'], mode: 'test' });
    const k = readOnly.key;
    const codeOf = async (o: Parameters<typeof signedWrite>[1]) =>
      (await signedWrite(k, { body: { name: 42 }, ...o })).body.error.code;
    expect(await codeOf({ apiKey: null })).toBe('UNAUTHENTICATED');
    expect(await codeOf({ mode: null, signingSecret: null, idempotencyKey: null })).toBe('MODE_HEADER_MISMATCH');
    expect(await codeOf({ signingSecret: null, idempotencyKey: null })).toBe('INVALID_SIGNATURE');
    expect(await codeOf({ idempotencyKey: null })).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await codeOf({})).toBe('FORBIDDEN_SCOPE');
    const writer = await tenant({ mode: 'test' });
    expect((await signedWrite(writer.key, { body: { name: 42 } })).body.error.code).toBe('VALIDATION_ERROR');
    expect(
      (
        await call(writeRoute, {
          apiKey: writer.key.key,
          signingSecret: writer.key.signingSecret,
          body: { name: 'ok' },
        })
      ).status,
    ).toBe(201);
  });
});
