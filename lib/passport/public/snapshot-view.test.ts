import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '../../schema/categories';
import { parseVersion, publicFields } from './snapshot-view';

describe('snapshot version parameter', () => {
  it('accepts plain positive integers only: one spelling per version', () => {
    expect(parseVersion('1')).toBe(1);
    expect(parseVersion('120')).toBe(120);
    for (const raw of ['0', '-1', '+1', '1.5', '1.0', 'abc', '1e3', '01', ' ', '1 ', '', '0x1']) {
      expect(() => parseVersion(raw), raw).toThrow(expect.objectContaining({ code: 'INVALID_VERSION' }));
    }
  });

  it('treats a number beyond the version column as well-formed (it can only be not found)', () => {
    expect(parseVersion('99999999999')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('publicFields', () => {
  const schema = getCategorySchema('EV_BATTERY', 1)!;

  it('keeps public fields, drops restricted and unknown ones', () => {
    const out = publicFields(schema, { model_number: 'M1', capacity_fade_pct: 12, not_in_schema: 'x' });
    expect(out).toEqual({ model_number: 'M1' });
  });

  it('keeps only public members inside the entries of a public array field', () => {
    const arrayField = schema.fields.find((f) => f.type === 'array' && f.access === 'public')!;
    const entry = Object.fromEntries(arrayField.items!.map((m) => [m.id, 'v']));
    const out = publicFields(
      {
        ...schema,
        fields: [
          {
            ...arrayField,
            items: [...arrayField.items!, { ...arrayField.items![0], id: 'secret', access: 'authority' }],
          },
        ],
      },
      {
        [arrayField.id]: [{ ...entry, secret: 'RESTRICTED' }],
      },
    );
    expect(out[arrayField.id]).toEqual([entry]);
  });
});
