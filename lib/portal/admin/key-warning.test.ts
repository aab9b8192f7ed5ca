import { describe, expect, it } from 'vitest';
import { keyWarningText } from './key-warning';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

describe('keyWarningText', () => {
  it('warns, in the Warning header words, about keys older than 90 days or expiring within 14 days', () => {
    expect(keyWarningText({ status: 'active', createdAt: at(-91), expiresAt: at(200) }, now)).toBe(
      'This API key is more than 90 days old; rotate it',
    );
    expect(keyWarningText({ status: 'grace', createdAt: at(-1), expiresAt: at(3) }, now)).toMatch(
      /^This API key expires in 3 day\(s\) \(.+\); rotate it$/,
    );
  });

  it('says nothing about a young key far from expiry, nor about revoked or expired keys', () => {
    expect(keyWarningText({ status: 'active', createdAt: at(-10), expiresAt: at(300) }, now)).toBeNull();
    expect(keyWarningText({ status: 'revoked', createdAt: at(-400), expiresAt: at(1) }, now)).toBeNull();
    expect(keyWarningText({ status: 'expired', createdAt: at(-400), expiresAt: at(-1) }, now)).toBeNull();
  });

  it('says the same in German, and each English warning exactly as the header words it', () => {
    expect(keyWarningText({ status: 'active', createdAt: at(-91), expiresAt: at(200) }, now, 'de')).toBe(
      'Dieser API-Schlüssel ist älter als 90 Tage; rotieren Sie ihn',
    );
    expect(keyWarningText({ status: 'grace', createdAt: at(-1), expiresAt: at(3) }, now, 'de')).toBe(
      `Dieser API-Schlüssel läuft in 3 Tag(en) ab (${at(3)}); rotieren Sie ihn`,
    );
    expect(keyWarningText({ status: 'grace', createdAt: at(-1), expiresAt: at(3) }, now, 'en')).toBe(
      `This API key expires in 3 day(s) (${at(3)}); rotate it`,
    );
  });
});
