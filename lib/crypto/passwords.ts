import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../errors';

export const MIN_PASSWORD_LENGTH = 10;
// Bounds the work a single login can cause; long passphrases still fit comfortably.
export const MAX_PASSWORD_LENGTH = 1024;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const CURRENT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// A stored string with larger parameters is refused rather than allowed to tie up memory and CPU.
const LIMITS: ScryptParams = { N: 2 ** 20, r: 32, p: 16 };

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams, length: number): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; Node's 32 MiB default is exactly that for N=2^15, r=8, so double it.
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Refuses a password the service will not store, with a message an operator can act on. */
export function assertAcceptablePassword(password: string): void {
  const length = typeof password === 'string' ? [...password.normalize('NFC')].length : 0;
  if (length < MIN_PASSWORD_LENGTH) {
    throw new ServiceError(
      'VALIDATION_ERROR',
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
      {
        details: { field: 'password', minLength: MIN_PASSWORD_LENGTH },
      },
    );
  }
  if (length > MAX_PASSWORD_LENGTH) {
    throw new ServiceError('VALIDATION_ERROR', `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`, {
      details: { field: 'password', maxLength: MAX_PASSWORD_LENGTH },
    });
  }
}

/** `scrypt$N$r$p$saltB64$hashB64`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  assertAcceptablePassword(password);
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, CURRENT, HASH_BYTES);
  const { N, r, p } = CURRENT;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): StoredHash | null {
  if (typeof stored !== 'string') return null;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v) ? Number(v) : NaN));
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > LIMITS.N || !(r >= 1 && r <= LIMITS.r) || !(p >= 1 && p <= LIMITS.p)) return null;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
  return { params: { N, r, p }, salt, hash };
}

// Malformed stored strings still cost one derivation, so their answer takes as long as a wrong password's.
const DUMMY_SALT = Buffer.alloc(SALT_BYTES, 7);

/** True only for the right password; a malformed stored string answers false, never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  const candidate = typeof password === 'string' ? password.slice(0, MAX_PASSWORD_LENGTH * 2) : '';
  if (!parsed) {
    await derive(candidate, DUMMY_SALT, CURRENT, HASH_BYTES).catch(() => undefined);
    return false;
  }
  const actual = await derive(candidate, parsed.salt, parsed.params, parsed.hash.length).catch(() => null);
  return actual !== null && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made with weaker parameters than today's, so a login can re-hash it. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  return !parsed || parsed.params.N < CURRENT.N || parsed.params.r < CURRENT.r || parsed.params.p < CURRENT.p;
}
