import { describe, expect, it } from 'vitest';
import { BMS_MAX_BODY_BYTES, parseBmsBody } from './body';

const parse = (text: string) => () => parseBmsBody(new TextEncoder().encode(text));
const refusal = (text: string) => {
  try {
    parse(text)();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error(`accepted ${text}`);
};

describe('parseBmsBody', () => {
  it('accepts either member or both, counters as numbers or null', () => {
    expect(parse('{"formDataPatch":{"current_soh_pct":90}}')()).toEqual({ formDataPatch: { current_soh_pct: 90 } });
    expect(parse('{"lifetimeCounters":{"timeAtTempLowSec":null,"deepDischargeEvents":3}}')()).toEqual({
      lifetimeCounters: { timeAtTempLowSec: null, deepDischargeEvents: 3 },
    });
    expect(parse('{"formDataPatch":{},"lifetimeCounters":{}}')()).toEqual({ formDataPatch: {}, lifetimeCounters: {} });
  });

  it('refuses with BAD_BODY: not JSON, not UTF-8, not an object, neither member', () => {
    expect(refusal('{"formDataPatch":')).toEqual({ code: 'BAD_BODY', message: 'The body is not valid JSON.' });
    expect(refusal('')).toEqual({ code: 'BAD_BODY', message: 'The body is not valid JSON.' });
    expect(() => parseBmsBody(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow('The body is not valid JSON.');
    for (const text of ['[]', 'null', '42', '"x"'])
      expect(refusal(text).message, text).toBe('The body must be a JSON object.');
    expect(refusal('{}').message).toBe('The body must carry formDataPatch, lifetimeCounters or both.');
    expect(refusal('{"deviceId":"x"}').message).toBe('The body must carry formDataPatch, lifetimeCounters or both.');
  });

  it('refuses with BAD_BODY a member name PostgreSQL cannot store (NUL, unpaired surrogate), and drops such values', () => {
    expect(refusal('{"formDataPatch":{"a\\u0000":1}}')).toEqual({
      code: 'BAD_BODY',
      message: expect.stringContaining('U+0000'),
    });
    expect(refusal('{"formDataPatch":{"current_soh_pct":5,"x\\ud800":1}}').code).toBe('BAD_BODY');
    expect(refusal('{"lifetimeCounters":{},"\\udc00":1}').code).toBe('BAD_BODY');
    // A value that breaks its rules is dropped by the whitelist, not refused: it is never stored.
    expect(parse('{"formDataPatch":{"soh_last_updated":"2026-01-01\\u0000"}}')()).toEqual({
      formDataPatch: { soh_last_updated: '2026-01-01\u0000' },
    });
  });

  it('refuses with BAD_BODY: wrong member kinds, bad counters, unknown members', () => {
    expect(refusal('{"formDataPatch":[1]}').message).toBe('formDataPatch must be a JSON object keyed by field id.');
    expect(refusal('{"formDataPatch":null}').message).toBe('formDataPatch must be a JSON object keyed by field id.');
    expect(refusal('{"lifetimeCounters":5}').message).toBe('lifetimeCounters must be a JSON object.');
    expect(refusal('{"lifetimeCounters":{"timeAtTempLowSec":"5"}}').message).toBe(
      'lifetimeCounters.timeAtTempLowSec must be a non-negative number or null.',
    );
    expect(refusal('{"lifetimeCounters":{"totalEnergyThroughputKwh":-1}}').message).toBe(
      'lifetimeCounters.totalEnergyThroughputKwh must be a non-negative number or null.',
    );
    expect(refusal('{"lifetimeCounters":{"deepDischargeEvents":1.5}}').message).toBe(
      'lifetimeCounters.deepDischargeEvents must be a non-negative whole number or null.',
    );
    expect(refusal('{"lifetimeCounters":{"timeAtTempLow":1}}').message).toBe(
      'Unknown member(s) in lifetimeCounters: timeAtTempLow.',
    );
    expect(refusal('{"formDataPatch":{},"deviceId":"x"}').message).toBe('Unknown member(s) in body: deviceId.');
  });

  it(`refuses a body over ${BMS_MAX_BODY_BYTES} bytes before parsing it`, () => {
    const big = JSON.stringify({ formDataPatch: { note: 'x'.repeat(BMS_MAX_BODY_BYTES) } });
    expect(refusal(big)).toEqual({ code: 'BAD_BODY', message: `The body exceeds ${BMS_MAX_BODY_BYTES} bytes.` });
  });
});
