import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import {
  ConfigurationError,
  constantTimeEqualHex,
  DecryptionError,
  decryptSecret,
  encryptSecret,
  randomBase62,
  sha256Hex,
} from './secrets';

function configureKey(key: string | undefined) {
  if (key === undefined) delete process.env.APP_ENCRYPTION_KEY;
  else process.env.APP_ENCRYPTION_KEY = key;
  resetConfigForTests();
}

describe('randomBase62', () => {
  it('returns exactly the requested number of base62 characters', () => {
    for (const n of [0, 1, 4, 32, 40, 500]) expect(randomBase62(n)).toMatch(new RegExp(`^[0-9A-Za-z]{${n}}$`));
    expect(() => randomBase62(-1)).toThrow(RangeError);
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    for (const c of randomBase62(62 * 2000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Expected 2000 each; a modulo bias towards the first 8 characters would show as ~3% more, well inside this band
    // for one run, so also compare the two halves of the alphabet in aggregate.
    for (const n of counts.values()) expect(n).toBeGreaterThan(1700);
    const first8 = [...'01234567'].reduce((s, c) => s + counts.get(c)!, 0) / 8;
    expect(first8).toBeLessThan(2150);
  });
});

describe('sha256Hex and constantTimeEqualHex', () => {
  it('hashes to lowercase hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('compares hex safely whatever the input', () => {
    const h = sha256Hex('x');
    expect(constantTimeEqualHex(h, h)).toBe(true);
    expect(constantTimeEqualHex(h, h.toUpperCase())).toBe(true);
    expect(constantTimeEqualHex(h, sha256Hex('y'))).toBe(false);
    expect(constantTimeEqualHex(h, h.slice(0, 62))).toBe(false);
    expect(constantTimeEqualHex(h, `${h}00`)).toBe(false);
    expect(constantTimeEqualHex('zz', 'zz')).toBe(false);
    expect(constantTimeEqualHex('abc', 'abc')).toBe(false);
    expect(constantTimeEqualHex(undefined as unknown as string, h)).toBe(false);
  });
});

describe('encryptSecret / decryptSecret', () => {
  const saved = process.env.APP_ENCRYPTION_KEY;
  const key = randomBytes(32);
  beforeEach(() => configureKey(key.toString('hex')));
  afterEach(() => configureKey(saved));

  it('round-trips through the v1 AES-256-GCM format with a fresh IV each time', () => {
    const blob = encryptSecret('sk_signing-secret-ünicode');
    expect(blob).toMatch(/^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/=]+$/);
    expect(blob).not.toContain('sk_signing');
    expect(decryptSecret(blob)).toBe('sk_signing-secret-ünicode');
    expect(encryptSecret('same')).not.toBe(encryptSecret('same'));
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const [v, iv, tag, ct] = encryptSecret('a secret worth protecting').split(':');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] ^= 1;
      return bytes.toString('base64');
    };
    for (const blob of [
      [v, iv, tag, flip(ct)],
      [v, iv, flip(tag), ct],
      [v, flip(iv), tag, ct],
    ].map((p) => p.join(':'))) {
      expect(() => decryptSecret(blob)).toThrow(DecryptionError);
    }
    expect(() => decryptSecret(`v2:${iv}:${tag}:${ct}`)).toThrow(DecryptionError);
    expect(() => decryptSecret('garbage')).toThrow(DecryptionError);
  });

  it('refuses to decrypt under another key', () => {
    const blob = encryptSecret('secret');
    configureKey(randomBytes(32).toString('hex'));
    expect(() => decryptSecret(blob)).toThrow(/another APP_ENCRYPTION_KEY/);
  });

  it('accepts the same key as base64 (standard or URL-safe)', () => {
    const blob = encryptSecret('secret');
    configureKey(key.toString('base64'));
    expect(decryptSecret(blob)).toBe('secret');
    configureKey(key.toString('base64url'));
    expect(decryptSecret(blob)).toBe('secret');
  });

  it('names the variable when the key is missing or malformed', () => {
    for (const bad of [
      undefined,
      '',
      'too-short',
      'ab'.repeat(31),
      randomBytes(16).toString('base64'),
      'g'.repeat(64),
    ]) {
      configureKey(bad);
      expect(() => encryptSecret('x')).toThrow(ConfigurationError);
      expect(() => encryptSecret('x')).toThrow(/APP_ENCRYPTION_KEY/);
    }
  });
});
