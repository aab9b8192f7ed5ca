import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 = 4 * 62: bytes at or above it are dropped so `byte % 62` favours no character.
const UNBIASED_LIMIT = 248;

/** `length` characters from [0-9A-Za-z], each uniformly random (about 5.95 bits per character). */
export function randomBase62(length: number): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError('randomBase62 needs a non-negative integer length');
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 16)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** Constant-time comparison of two hex strings; different lengths or non-hex input compare unequal. */
export function constantTimeEqualHex(a: string, b: string): boolean {
  if (typeof a !== 'string' || typeof b !== 'string' || !HEX.test(a) || !HEX.test(b)) return false;
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  if (left.length !== right.length) {
    // Spend the same work as an equal-length comparison so the length difference is all that leaks.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

/** The encryption key is missing or unusable: an operator must fix the environment. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** A stored ciphertext does not decrypt: tampered, truncated, or written under another key. */
export class DecryptionError extends Error {
  override name = 'DecryptionError';
}

const KEY_VARIABLE = 'APP_ENCRYPTION_KEY';

/** 64 hex characters or base64 (standard or URL-safe) of exactly 32 bytes. */
export function parseEncryptionKey(raw: string | undefined): Buffer {
  const value = raw?.trim();
  if (!value) {
    throw new ConfigurationError(
      `${KEY_VARIABLE} is not set: give it 64 hex characters or the base64 of 32 random bytes.`,
    );
  }
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  throw new ConfigurationError(`${KEY_VARIABLE} is malformed: expected 64 hex characters or the base64 of 32 bytes.`);
}

const encryptionKey = () => parseEncryptionKey(config().APP_ENCRYPTION_KEY);

const VERSION = 'v1';

/** AES-256-GCM with a fresh 96-bit IV: `v1:<ivB64>:<tagB64>:<ctB64>`. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
}

export function decryptSecret(blob: string): string {
  const key = encryptionKey();
  const parts = typeof blob === 'string' ? blob.split(':') : [];
  if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('Stored secret has an unknown format.');
  const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64'));
  if (iv.length !== 12 || tag.length !== 16) throw new DecryptionError('Stored secret has an unknown format.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError(
      `Stored secret does not decrypt: it was altered or written under another ${KEY_VARIABLE}.`,
    );
  }
}
