import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '@/lib/schema/categories';
import { fieldHint } from './field-hints';

const field = (version: number, id: string) =>
  getCategorySchema('EV_BATTERY', version)!.fields.find((f) => f.id === id)!;

describe('fieldHint', () => {
  it('states the commodity code rule in the words its refusal uses, and that submission needs it', () => {
    expect(fieldHint(field(3, 'commodity_code'))).toBe(
      'Public. Mandated for submission. 8 digits of CN heading 8507, such as 85076000.',
    );
  });

  it('gives other text fields their length limit', () => {
    expect(fieldHint(field(3, 'model_number'))).toBe(
      'Public. Mandated for submission. Text of at most 100 characters.',
    );
  });
});
