import { describe, expect, it } from 'vitest';
import {
  clearedGrantCookieHeader,
  cookieNames,
  cookieValue,
  grantCookieHeader,
  grantCookieName,
  hasGrantCookie,
  secureCookie,
} from './cookie';

describe('the grant cookie', () => {
  it('is named per passport', () => {
    expect(grantCookieName('0B7D5A3E-1C2F-4A5B-9C8D-7E6F5A4B3C2D')).toBe('bps_poli_0b7d5a3e1c2f4a5b9c8d7e6f5a4b3c2d');
  });

  it('is httpOnly, SameSite=Lax, site-wide, with a Max-Age; Secure only over https', () => {
    expect(grantCookieHeader('bps_poli_x', 'v', { maxAgeSeconds: 2592000.7, secure: false })).toBe(
      'bps_poli_x=v; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax',
    );
    expect(grantCookieHeader('bps_poli_x', 'v', { maxAgeSeconds: 60, secure: true })).toMatch(/; Secure$/);
    expect(clearedGrantCookieHeader('bps_poli_x', false)).toBe(
      'bps_poli_x=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });

  it('is Secure when BASE_URL is https or the request came over https', () => {
    expect(secureCookie('https://passports.example', 'http://10.0.0.5:3000/api/poli/access')).toBe(true);
    expect(secureCookie('http://localhost:3000', 'https://localhost:3000/api/poli/access')).toBe(true);
    expect(secureCookie('http://localhost:3000', 'http://localhost:3000/api/poli/access')).toBe(false);
  });

  it('is recognised among other cookies by its prefix only', () => {
    expect(cookieNames(' a=1; bps_poli_abc=xyz;b=2 ')).toEqual(['a', 'bps_poli_abc', 'b']);
    expect(hasGrantCookie('a=1; bps_poli_abc=xyz')).toBe(true);
    expect(hasGrantCookie('a=bps_poli_abc; x_bps_poli_=1')).toBe(false);
    expect(hasGrantCookie(null)).toBe(false);
    expect(cookieValue('a=1; bps_poli_abc=x=y; bps_poli_abcd=z', 'bps_poli_abc')).toBe('x=y');
    expect(cookieValue('a=1', 'bps_poli_abc')).toBeNull();
  });
});
