import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, normaliseGtin, withCheckDigit } from './gtin';

describe('GTIN check digit (GS1 modulo 10)', () => {
  it('accepts real GTINs of 8, 12, 13 and 14 digits', () => {
    for (const gtin of ['96385074', '036000291452', '4006381333931', '10614141000415']) {
      expect(isValidGtin(gtin)).toBe(true);
    }
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('400638133393')).toBe(false);
    expect(isValidGtin('40063813339310')).toBe(false);
    expect(isValidGtin('4006381333a31')).toBe(false);
    expect(isValidGtin('')).toBe(false);
  });

  it('normalises to GTIN-14 for lookup', () => {
    expect(normaliseGtin('4006381333931')).toBe('04006381333931');
    expect(normaliseGtin('96385074')).toBe('00000096385074');
    expect(normaliseGtin('4006381333932')).toBeNull();
  });

  it('computes the digit that makes a body valid', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(isValidGtin(withCheckDigit('401234500001'))).toBe(true);
  });
});
