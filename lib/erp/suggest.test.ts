import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMAS } from '../schema/categories';
import { levenshtein, suggestFields } from './suggest';

const EV = CATEGORY_SCHEMAS.EV_BATTERY.fields;

describe('suggestFields', () => {
  it('computes the edit distance', () => {
    expect(levenshtein('chemistry', 'chemestry')).toBe(1);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
  });

  it('suggests the field id a misspelt, re-cased or re-ordered column was meant to be, best first', () => {
    expect(suggestFields('battery_chemestry', EV)[0]).toBe('battery_chemistry');
    expect(suggestFields('Battery Chemistry', EV)[0]).toBe('battery_chemistry');
    expect(suggestFields('cell_chemistry', EV)).toContain('battery_chemistry');
    expect(suggestFields('Model-Number', EV)[0]).toBe('model_number');
    expect(suggestFields('chemistry battery', EV)[0]).toBe('battery_chemistry');
  });

  it('matches labels as well as ids, suggests at most three, and nothing for an unrelated column', () => {
    const byLabel = EV.find((f) => f.id === 'rated_capacity_ah')!.label;
    expect(suggestFields(byLabel, EV)[0]).toBe('rated_capacity_ah');
    expect(suggestFields('recycled_pct', EV).length).toBeLessThanOrEqual(3);
    expect(suggestFields('zzqx', EV)).toEqual([]);
  });
});
