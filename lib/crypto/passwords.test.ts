import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors';
import { hashPassword, MIN_PASSWORD_LENGTH, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('stores a self-describing scrypt string that verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password!')).not.toBe(await hashPassword('same password!'));
  });

  it(`refuses passwords shorter than ${MIN_PASSWORD_LENGTH} characters with a clear error`, async () => {
    const attempt = hashPassword('123456789');
    await expect(attempt).rejects.toBeInstanceOf(ServiceError);
    await expect(hashPassword('123456789')).rejects.toThrow(/at least 10 characters/);
    await expect(hashPassword('1234567890')).resolves.toMatch(/^scrypt\$/);
  });

  it('counts characters, not bytes, and treats composed and decomposed accents alike', async () => {
    const stored = await hashPassword('caf\u00e9-au-lait');
    expect(await verifyPassword('cafe\u0301-au-lait', stored)).toBe(true);
    await expect(hashPassword('\u00e9'.repeat(9))).rejects.toThrow(/at least/);
  });

  it('answers false, never throws, for malformed or hostile stored strings', async () => {
    const good = await hashPassword('a good password');
    const [, , , , salt, hash] = good.split('$');
    const malformed = [
      '',
      'not a hash',
      `bcrypt$32768$8$1$${salt}$${hash}`,
      `scrypt$32768$8$1$${salt}`,
      `scrypt$1000$8$1$${salt}$${hash}`,
      `scrypt$${2 ** 22}$8$1$${salt}$${hash}`,
      `scrypt$32768$999$1$${salt}$${hash}`,
      `scrypt$32768$8$1$$${hash}`,
      `scrypt$32768$8$1$${salt}$`,
      `scrypt$32768$8$1$${salt}$${hash}$extra`,
      null as unknown as string,
    ];
    for (const stored of malformed) expect(await verifyPassword('a good password', stored)).toBe(false);
    expect(await verifyPassword(undefined as unknown as string, good)).toBe(false);
  });

  it('flags hashes made with weaker parameters for re-hashing', async () => {
    expect(needsRehash(await hashPassword('a good password'))).toBe(false);
    expect(needsRehash('scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')).toBe(
      true,
    );
    expect(needsRehash('garbage')).toBe(true);
  });
});
