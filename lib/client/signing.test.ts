import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, signBmsRequest, signIntegrationRequest } from './signing';

const T = 1_700_000_000;

describe('signIntegrationRequest', () => {
  // Vectors computed once with `openssl dgst -sha256 -hmac`, outside this code base.
  it('matches a known vector for a JSON write with a query string', () => {
    const headers = signIntegrationRequest({
      method: 'post',
      pathWithQuery: '/api/v1/products?mode=live',
      body: '{"name":"Aurora"}',
      signingSecret: 'sk_testsecret',
      timestamp: T,
    });
    expect(headers).toEqual({
      'X-Service-Signature': `t=${T}, v1=c931da264c243013dc8d5477c6df3521e65a68ba30753eb37b822b31e82169ed`,
    });
  });

  it('hashes the empty string for a bodyless request', () => {
    const headers = signIntegrationRequest({
      method: 'DELETE',
      pathWithQuery: '/api/v1/keys/abc',
      signingSecret: 'sk_testsecret',
      timestamp: T,
    });
    expect(headers['X-Service-Signature']).toBe(
      `t=${T}, v1=fabb8d467ed28c4c887105d47707531df2c83c6d72e1754c43d20b773a6c2eae`,
    );
  });

  it('agrees with the canonical string built directly with node:crypto, for bytes as for strings', () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n\u00e9\r\n--b--\r\n';
    const bodyHash = createHash('sha256').update(Buffer.from(body, 'utf8')).digest('hex');
    const expected = createHmac('sha256', 'secret').update(`${T}.PUT./api/v1/x?a=1&b=2.${bodyHash}`).digest('hex');
    const fromString = signIntegrationRequest({
      method: 'PUT',
      pathWithQuery: '/api/v1/x?a=1&b=2',
      body,
      signingSecret: 'secret',
      timestamp: T,
    });
    const fromBytes = signIntegrationRequest({
      method: 'PUT',
      pathWithQuery: '/api/v1/x?a=1&b=2',
      body: new TextEncoder().encode(body),
      signingSecret: 'secret',
      timestamp: T,
    });
    expect(fromString['X-Service-Signature']).toBe(`t=${T}, v1=${expected}`);
    expect(fromBytes).toEqual(fromString);
  });

  it('signs the query string: the bare path gives another signature', () => {
    const base = { method: 'GET', signingSecret: 's', timestamp: T };
    expect(signIntegrationRequest({ ...base, pathWithQuery: '/a?x=1' })).not.toEqual(
      signIntegrationRequest({ ...base, pathWithQuery: '/a' }),
    );
  });

  it('uses the current time by default and refuses a full URL or a fractional timestamp', () => {
    const now = Math.floor(Date.now() / 1000);
    const t = Number(
      /^t=(\d+), v1=[0-9a-f]{64}$/.exec(
        signIntegrationRequest({ method: 'GET', pathWithQuery: '/a', signingSecret: 's' })['X-Service-Signature'],
      )![1],
    );
    expect(Math.abs(t - now)).toBeLessThanOrEqual(2);
    expect(() =>
      signIntegrationRequest({ method: 'GET', pathWithQuery: 'https://x.example/a', signingSecret: 's' }),
    ).toThrow(/path/);
    expect(() =>
      signIntegrationRequest({ method: 'GET', pathWithQuery: '/a', signingSecret: 's', timestamp: 1.5 }),
    ).toThrow(/timestamp/);
  });
});

describe('signBmsRequest', () => {
  it('matches a known vector over <timestamp>.<raw body>', () => {
    expect(signBmsRequest({ rawBody: '{"soh":97}', secret: 'bms_secret', timestamp: T })).toEqual({
      'X-Service-Signature': `t=${T}, v1=67777b34a9e3b11ce90f88bd3a93bd4299f0c9160ea3c7e0c067a795dcf7e72d`,
    });
  });

  it('signs bytes exactly like the same string', () => {
    const raw = '{"name":"Zoë"}';
    const expected = createHmac('sha256', 'k').update(`${T}.${raw}`).digest('hex');
    expect(signBmsRequest({ rawBody: Buffer.from(raw), secret: 'k', timestamp: T })['X-Service-Signature']).toBe(
      `t=${T}, v1=${expected}`,
    );
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
