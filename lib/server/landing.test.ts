import { describe, expect, it } from 'vitest';
import { lookupOutcome } from './landing';

describe("the landing page's lookup: where a typed GTIN, serial or passport id leads", () => {
  it('leads a GTIN and serial to the Digital Link address, the GTIN padded to 14 digits and the serial encoded', () => {
    expect(lookupOutcome({ gtin: '4012345000016', serial: 'AUR75-2026-000147' })).toEqual({
      kind: 'go',
      path: '/01/04012345000016/21/AUR75-2026-000147',
    });
    expect(lookupOutcome({ gtin: ' 4012345 000016 ', serial: 'A B/1' })).toEqual({
      kind: 'go',
      path: '/01/04012345000016/21/A%20B%2F1',
    });
  });

  it('leads a GTIN without a serial to the GTIN address', () => {
    expect(lookupOutcome({ gtin: '04012345000016', serial: '' })).toEqual({ kind: 'go', path: '/01/04012345000016' });
  });

  it('refuses a GTIN with a wrong check digit or length, naming the field', () => {
    expect(lookupOutcome({ gtin: '4012345000017', serial: 'X' })).toMatchObject({ kind: 'refused', field: 'gtin' });
    expect(lookupOutcome({ gtin: '123', serial: 'X' })).toMatchObject({ kind: 'refused', field: 'gtin' });
    expect(lookupOutcome({ serial: 'X' })).toMatchObject({ kind: 'refused', field: 'gtin' });
  });

  it('refuses a serial with control characters or over 100 characters', () => {
    expect(lookupOutcome({ gtin: '4012345000016', serial: 'a\u0000b' })).toMatchObject({ field: 'serial' });
    expect(lookupOutcome({ gtin: '4012345000016', serial: 'x'.repeat(101) })).toMatchObject({ field: 'serial' });
  });

  it('leads a passport id to /dpp/ and a pasted address to its path on this service, whatever host it names', () => {
    expect(lookupOutcome({ passport: 'Voltaris-Aurora-EV-75' })).toEqual({
      kind: 'go',
      path: '/dpp/voltaris-aurora-ev-75',
    });
    expect(lookupOutcome({ passport: 'https://id.example.com/01/4012345000016/21/S1?linkType=all' })).toEqual({
      kind: 'go',
      path: '/01/04012345000016/21/S1',
    });
    expect(lookupOutcome({ passport: 'http://localhost:3000/dpp/some-passport/' })).toEqual({
      kind: 'go',
      path: '/dpp/some-passport',
    });
  });

  it('refuses a passport id that is no slug and no passport address (never an open redirect)', () => {
    expect(lookupOutcome({ passport: '//evil.example/x' })).toMatchObject({ kind: 'refused', field: 'passport' });
    expect(lookupOutcome({ passport: 'https://evil.example/phish' })).toMatchObject({ kind: 'refused' });
    expect(lookupOutcome({ passport: 'javascript:alert(1)' })).toMatchObject({ kind: 'refused' });
  });

  it('does nothing for an empty query (the plain landing page)', () => {
    expect(lookupOutcome({})).toEqual({ kind: 'none' });
    expect(lookupOutcome({ gtin: ' ', serial: ' ', passport: ' ' })).toEqual({ kind: 'none' });
  });
});
