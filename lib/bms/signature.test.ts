import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBmsRequest } from '../client/signing';
import { BMS_FUTURE_SKEW_SECONDS, BMS_REPLAY_WINDOW_SECONDS, bmsSignatureHex, verifyBmsSignature } from './signature';

const secret = 'bms_0123456789ABCDEFGHIJabcdefghij0123456789';
const now = 1_763_893_800;
const body = '{"formDataPatch":{"current_soh_pct":96.5}}';
const bytes = new TextEncoder().encode(body);
const headerAt = (t: number, raw: string | Uint8Array = body) =>
  signBmsRequest({ rawBody: raw, secret, timestamp: t })['X-Service-Signature'];
const verify =
  (header: string | null, raw: Uint8Array = bytes) =>
  () =>
    verifyBmsSignature({ header, rawBody: raw, secret, nowSeconds: now });
const reasonOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return {
      code: (error as { code: string }).code,
      reason: (error as { options: { reason?: string } }).options.reason,
    };
  }
  return null;
};

describe('verifyBmsSignature', () => {
  it('accepts HMAC-SHA256 of <timestamp>.<rawBody> keyed with the plaintext secret, as the client signer makes it', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(bmsSignatureHex(secret, now, bytes)).toBe(expected);
    expect(headerAt(now)).toBe(`t=${now}, v1=${expected}`);
    expect(verify(headerAt(now))).not.toThrow();
    expect(verify(`t=${now},v1=${expected}`)).not.toThrow();
  });

  it('names the reason: missing, malformed, outside_window, mismatch', () => {
    expect(reasonOf(verify(null))).toEqual({ code: 'BAD_SIGNATURE', reason: 'missing' });
    expect(reasonOf(verify('  '))).toEqual({ code: 'BAD_SIGNATURE', reason: 'missing' });
    for (const bad of [
      `v1=${'a'.repeat(64)}, t=${now}`,
      `t=${now}, v1=${'A'.repeat(64)}`,
      `t=${now}, v1=abc`,
      `t=-5, v1=${'a'.repeat(64)}`,
      'sha256=abc',
    ]) {
      expect(reasonOf(verify(bad)), bad).toEqual({ code: 'BAD_SIGNATURE', reason: 'malformed' });
    }
    expect(reasonOf(verify(headerAt(now), new TextEncoder().encode(`${body} `)))).toEqual({
      code: 'BAD_SIGNATURE',
      reason: 'mismatch',
    });
    expect(reasonOf(verify(headerAt(now).replace(/.$/, (c) => (c === '0' ? '1' : '0'))))).toEqual({
      code: 'BAD_SIGNATURE',
      reason: 'mismatch',
    });
  });

  it('keeps the 300 s replay window inclusive at both edges and allows 60 s of device clock ahead', () => {
    expect(BMS_REPLAY_WINDOW_SECONDS).toBe(300);
    expect(BMS_FUTURE_SKEW_SECONDS).toBe(60);
    expect(verify(headerAt(now - 300))).not.toThrow();
    expect(reasonOf(verify(headerAt(now - 301)))).toEqual({ code: 'BAD_SIGNATURE', reason: 'outside_window' });
    expect(verify(headerAt(now + 60))).not.toThrow();
    expect(reasonOf(verify(headerAt(now + 61)))).toEqual({ code: 'BAD_SIGNATURE', reason: 'outside_window' });
  });

  it('signs bytes, not JSON: a re-serialised or re-indented body with the same meaning does not verify', () => {
    const header = headerAt(now);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(reasonOf(verify(header, new TextEncoder().encode(reserialised)))?.reason).toBe('mismatch');
    expect(reasonOf(verify(header, new TextEncoder().encode(body.replace(':', ': '))))?.reason).toBe('mismatch');
  });
});
