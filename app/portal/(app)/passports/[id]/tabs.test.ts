import { describe, expect, it } from 'vitest';
import { PASSPORT_TABS, passportTab, tabHref } from './tabs';

describe('passport page tabs', () => {
  it('reads each tab from its ?tab= value and anything else as the overview', () => {
    for (const { id } of PASSPORT_TABS) expect(passportTab(id)).toBe(id);
    for (const value of [undefined, '', 'nonsense', 'DATA', ['data', 'versions']]) {
      expect(passportTab(value)).toBe('overview');
    }
  });

  it('gives the overview the bare passport address and every other tab its ?tab=', () => {
    expect(tabHref('p1', 'overview')).toBe('/portal/passports/p1');
    expect(tabHref('p1', 'data')).toBe('/portal/passports/p1?tab=data');
    expect(tabHref('p1', 'activity')).toBe('/portal/passports/p1?tab=activity');
  });
});
