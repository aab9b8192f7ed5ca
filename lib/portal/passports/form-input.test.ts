import { describe, expect, it } from 'vitest';
import { testField } from '../../../testing/fields';
import { errorsByInput, formDataBatch, inputText } from './form-input';

const FIELDS = [
  testField('mass', 'number'),
  testField('cycles', 'integer'),
  testField('ce', 'boolean'),
  testField('note', 'string'),
  testField('materials', 'multi_enum'),
  testField('reports', 'array'),
  testField('made_on', 'date'),
];

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

describe('formDataBatch', () => {
  it('turns inputs into the JSON values an integrator would send, and empty inputs into null (clear)', () => {
    const batch = formDataBatch(
      FIELDS,
      form({
        mass: ' 412.5 ',
        cycles: '3000',
        ce: 'true',
        note: '  text  ',
        materials: ['cobalt', 'lithium'],
        reports: '[{"title":"T"}]',
        made_on: '2026-01-31',
      }),
    );
    expect(batch).toEqual({
      mass: 412.5,
      cycles: 3000,
      ce: true,
      note: 'text',
      materials: ['cobalt', 'lithium'],
      reports: [{ title: 'T' }],
      made_on: '2026-01-31',
    });
    expect(formDataBatch(FIELDS, form({ mass: '', ce: '', reports: '  ' }))).toEqual({
      mass: null,
      cycles: null,
      ce: null,
      note: null,
      materials: null,
      reports: null,
      made_on: null,
    });
  });

  it('passes text that cannot be the field type on as typed, so the verb refuses it with its own message', () => {
    expect(formDataBatch(FIELDS, form({ mass: '1,5', cycles: '1e3', ce: 'maybe', reports: '[oops' }))).toMatchObject({
      mass: '1,5',
      cycles: 1000,
      ce: 'maybe',
      reports: '[oops',
    });
    expect(formDataBatch([testField('ce', 'boolean')], form({ ce: 'constructor' }))).toEqual({ ce: 'constructor' });
  });
});

describe('inputText and errorsByInput', () => {
  it('shows stored values as input text and lists as indented JSON', () => {
    expect(inputText(testField('mass', 'number'), 1.5)).toBe('1.5');
    expect(inputText(testField('reports', 'array'), [{ a: 1 }])).toBe('[\n  {\n    "a": 1\n  }\n]');
    expect(inputText(testField('note', 'string'), null)).toBe('');
  });

  it("puts an entry member's or a listed option's message beside its field's input", () => {
    expect(
      errorsByInput({ 'reports[0].url': 'A.', 'reports[1].title': 'B.', 'materials[2]': 'C.', mass: 'D.' }),
    ).toEqual({ reports: 'A. B.', materials: 'C.', mass: 'D.' });
    expect(errorsByInput(undefined)).toBeUndefined();
  });
});
