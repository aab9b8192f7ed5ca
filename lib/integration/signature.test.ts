import { describe, expect, it } from 'vitest';
import { signIntegrationRequest } from '../client/signing';
import { ServiceError } from '../errors';
import { SIGNATURE_FUTURE_SECONDS, SIGNATURE_PAST_SECONDS, verifyIntegrationSignature } from './signature';

const secret = 'sk_test_secret_value';
const now = 1_800_000_000;
const body = new TextEncoder().encode('{"name":"Cell A","categoryCode":"EV"}');

function signed(overrides: { timestamp?: number; method?: string; path?: string; body?: Uint8Array } = {}) {
  const { 'X-Service-Signature': header } = signIntegrationRequest({
    method: overrides.method ?? 'POST',
    pathWithQuery: overrides.path ?? '/api/v1/products?x=1',
    body: overrides.body ?? body,
    signingSecret: secret,
    timestamp: overrides.timestamp ?? now,
  });
  return header;
}

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof ServiceError ? error.code : 'THREW';
  }
}

const verify = (header: string | null, over: Partial<Parameters<typeof verifyIntegrationSignature>[0]> = {}) =>
  codeOf(() =>
    verifyIntegrationSignature({
      header,
      method: 'POST',
      pathWithQuery: '/api/v1/products?x=1',
      rawBody: body,
      secret,
      nowSeconds: now,
      ...over,
    }),
  );

describe('integration request signatures', () => {
  it('accepts a signature made by the integrator client over the same canonical string', () => {
    expect(verify(signed())).toBeNull();
  });

  it('accepts timestamps exactly at both edges of the window and refuses one second beyond', () => {
    expect(verify(signed({ timestamp: now - SIGNATURE_PAST_SECONDS }))).toBeNull();
    expect(verify(signed({ timestamp: now + SIGNATURE_FUTURE_SECONDS }))).toBeNull();
    expect(verify(signed({ timestamp: now - SIGNATURE_PAST_SECONDS - 1 }))).toBe('INVALID_SIGNATURE');
    expect(verify(signed({ timestamp: now + SIGNATURE_FUTURE_SECONDS + 1 }))).toBe('INVALID_SIGNATURE');
  });

  it('refuses a tampered body, a re-serialised body, another method and the bare path when a query was sent', () => {
    expect(verify(signed(), { rawBody: new TextEncoder().encode('{"name":"Cell B","categoryCode":"EV"}') })).toBe(
      'INVALID_SIGNATURE',
    );
    expect(verify(signed(), { rawBody: new TextEncoder().encode('{ "name": "Cell A", "categoryCode": "EV" }') })).toBe(
      'INVALID_SIGNATURE',
    );
    expect(verify(signed(), { method: 'PUT' })).toBe('INVALID_SIGNATURE');
    expect(verify(signed({ path: '/api/v1/products' }))).toBe('INVALID_SIGNATURE');
  });

  it('refuses missing and malformed headers, and a key without a signing secret is SIGNING_NOT_CONFIGURED', () => {
    expect(verify(null)).toBe('INVALID_SIGNATURE');
    expect(verify('v1=abc')).toBe('INVALID_SIGNATURE');
    expect(verify(signed().toUpperCase())).toBe('INVALID_SIGNATURE');
    expect(verify(signed(), { secret: null })).toBe('SIGNING_NOT_CONFIGURED');
  });

  it('never echoes the expected signature in the error', () => {
    try {
      verifyIntegrationSignature({
        header: signed(),
        method: 'DELETE',
        pathWithQuery: '/x',
        rawBody: body,
        secret,
        nowSeconds: now,
      });
    } catch (error) {
      expect(JSON.stringify((error as ServiceError).options)).not.toMatch(/[0-9a-f]{64}/);
    }
  });
});
