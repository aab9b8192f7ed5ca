import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a portal path with its query', () => {
    expect(safeReturnPath('/portal/passports?state=draft')).toBe('/portal/passports?state=draft');
  });
  it('keeps only the path of an absolute URL, so another origin is never a destination', () => {
    expect(safeReturnPath('https://evil.example/portal/keys')).toBe('/portal/keys');
    expect(safeReturnPath('https://evil.example/steal')).toBe('/portal');
  });
  it('refuses protocol-relative, backslash and non-portal paths, and the sign-in page itself', () => {
    for (const bad of [
      '//evil.example/portal',
      '/portal\\..\\x',
      '/api/v1/keys',
      '/portal/sign-in?x=1',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad)).toBe('/portal');
    }
  });
});
