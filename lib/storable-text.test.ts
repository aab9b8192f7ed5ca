import { describe, expect, it } from 'vitest';
import { asOneLine, isSingleLineText } from './storable-text';

describe('single-line text (every single-line form field, and every typed value a mail shows)', () => {
  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001b[31mb'],
    ['DEL', 'a\u007fb'],
    ['next line (C1)', 'a\u0085b'],
    ['the line separator', 'a\u2028b'],
    ['the paragraph separator', 'a\u2029b'],
    ['a right-to-left override', 'a\u202eb'],
    ['a left-to-right isolate', 'a\u2066b'],
  ])('refuses %s', (_, value) => {
    expect(isSingleLineText(value)).toBe(false);
    expect(asOneLine(value)).toBe(value.includes('\u001b') ? 'a [31mb' : 'a b');
  });

  it.each([
    'Vera Verifier',
    'Circular Metals BV',
    'Zoë Ørsted-Łukasiewicz',
    'مركز إعادة التدوير',
    'Recycling 株式会社',
    '',
  ])('accepts %j', (value) => {
    expect(isSingleLineText(value)).toBe(true);
    expect(asOneLine(value)).toBe(value);
  });

  it('folds every run of such characters into one space and trims the ends', () => {
    expect(asOneLine('\r\n Vera\r\n\r\n\tVerifier \u2028')).toBe('Vera Verifier');
  });
});
