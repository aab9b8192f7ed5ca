import { describe, expect, it } from 'vitest';
import { keyStatus } from './view';

const now = new Date('2026-11-23T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const key = (k: Partial<{ revokedAt: Date | null; expiresAt: Date | null; graceUntil: Date | null }>) => ({
  revokedAt: null,
  expiresAt: at(1e9),
  graceUntil: null,
  ...k,
});

describe('keyStatus: the status of a key as listed', () => {
  it('is active, grace while a rotated key still works, expired past expiresAt or its grace, revoked above all', () => {
    expect(keyStatus(key({}), now)).toBe('active');
    expect(keyStatus(key({ expiresAt: null }), now)).toBe('active');
    expect(keyStatus(key({ graceUntil: at(60_000) }), now)).toBe('grace');
    expect(keyStatus(key({ graceUntil: at(-1) }), now)).toBe('expired');
    expect(keyStatus(key({ expiresAt: at(0) }), now)).toBe('expired');
    expect(keyStatus(key({ revokedAt: at(-1), expiresAt: at(-5) }), now)).toBe('revoked');
  });
});
