import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServiceError } from '../errors';
import { statusOf } from '../http/error-codes';
import { isStorableText, parseJsonBody, parseQuery, requireStorablePathParameters, unstorableTextAt } from './input';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    const e = error as ServiceError;
    return { status: statusOf(e.code), code: e.code, issues: e.options.details?.issues };
  }
  throw new Error('accepted');
};

describe('text PostgreSQL cannot store (NUL, unpaired surrogates) is refused before it reaches a query', () => {
  it('knows storable text: paired surrogates are fine, NUL and a lone half are not', () => {
    expect(isStorableText('Voltaris \u{1F50B} pack')).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800'])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('finds the member, in values and in member names, at any depth without recursion', () => {
    expect(unstorableTextAt({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(unstorableTextAt({ formData: { 'key\ud800': 1 } })).toBe('formData.key\ud800');
    expect(unstorableTextAt({ formData: { 'key\ud800': 1 } }, { namesOnly: true })).toBe('formData.key\ud800');
    expect(unstorableTextAt({ value: 'x\u0000' }, { namesOnly: true })).toBeNull();
    expect(unstorableTextAt({ a: 'fine', b: [1, true, null] })).toBeNull();
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}"\\u0000"${'}'.repeat(100_000)}`);
    expect(unstorableTextAt(deep)).toMatch(/^….*a$/);
  });

  it('answers 400 VALIDATION_ERROR for such text in a JSON body, naming the member and never the value', () => {
    const schema = z.object({ name: z.string(), formData: z.record(z.string(), z.unknown()).optional() });
    for (const [body, path] of [
      ['{"name":"a\\u0000b"}', 'name'],
      ['{"name":"x","formData":{"f":"\\ud800"}}', 'formData.f'],
    ] as const) {
      expect(
        refusal(() => parseJsonBody(bytes(body), 'application/json', schema)),
        body,
      ).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        issues: [{ path, code: 'invalid_text', message: expect.stringContaining('U+0000') }],
      });
    }
  });

  it('answers 400 VALIDATION_ERROR for such text in a query parameter', () => {
    const schema = z.object({ category: z.string().optional() });
    expect(refusal(() => parseQuery(new URL('http://x/api/v1/erp-mappings?category=%00'), schema))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(refusal(() => parseQuery(new URL('http://x/api/v1/erp-mappings?x%00=1'), schema))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(parseQuery(new URL('http://x/api/v1/erp-mappings?category=EV_BATTERY'), schema)).toEqual({
      category: 'EV_BATTERY',
    });
  });

  it('answers 404 NOT_FOUND for such text in a path parameter other than an id (which parseId judges)', () => {
    expect(refusal(() => requireStorablePathParameters({ code: 'EV\u0000' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(() => requireStorablePathParameters({ code: 'EV_BATTERY' })).not.toThrow();
    expect(() => requireStorablePathParameters({ id: 'x\u0000' })).not.toThrow();
  });
});
