import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestCompany } from '../../testing/factories';
import { rowsJson } from '../../testing/json';
import { sha256Hex } from '../crypto/secrets';
import { createPrismaClient } from '../db/client';
import { systemActor } from '../domain/context';
import { ServiceError } from '../errors';
import { findApiKeyByPlaintext, type MintApiKeyInput, mintApiKey, signingSecretOf } from './keys';

const db = createPrismaClient(inject('databaseUrl'));
const actor = systemActor('keys-test');
let companyId: string;

const mint = (overrides: Partial<MintApiKeyInput> = {}) =>
  mintApiKey(db, { companyId, name: 'ERP connector', scopes: ['dpp:read'], mode: 'LIVE', actor, ...overrides });

beforeAll(async () => {
  companyId = (await createTestCompany(db)).id;
});
afterAll(() => db.$disconnect());

describe('mintApiKey', () => {
  it('returns a pk_live_ key and an sk_ signing secret, and stores neither in clear', async () => {
    const minted = await mint({ scopes: ['dpp:read', 'dpp:submit'] });
    expect(minted.key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(minted.signingSecret).toMatch(/^sk_[0-9A-Za-z]{40}$/);
    expect(minted.displayPrefix).toBe(minted.key.slice(0, 12));
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: minted.id } });
    expect(row.keyHash).toBe(sha256Hex(minted.key));
    expect(row.scopes).toEqual(['dpp:read', 'dpp:submit']);
    expect(row.signingSecretEnc).toMatch(/^v1:/);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(minted.key);
    expect(stored).not.toContain(minted.key.slice(8));
    expect(stored).not.toContain(minted.signingSecret);
    expect(signingSecretOf(row)).toBe(minted.signingSecret);
  });

  it('writes an ApiKeyMinted audit row that holds no secret', async () => {
    const minted = await mint();
    const audit = await db.auditLog.findMany({ where: { companyId, eventType: 'ApiKeyMinted' } });
    const entry = audit.find((a) => (a.eventContext as { apiKeyId?: string }).apiKeyId === minted.id);
    expect(entry).toMatchObject({ actorRole: 'System', actorId: 'keys-test', eventChannel: 'System' });
    const json = rowsJson(entry);
    expect(json).not.toContain(minted.key);
    expect(json).not.toContain(minted.key.slice(12));
    expect(json).not.toContain(minted.signingSecret);
    expect(json).not.toContain(minted.signingSecret.slice(3));
  });

  it('mints sandbox keys with the pk_test_ prefix and expires keys after 365 days by default', async () => {
    const before = Date.now();
    const minted = await mint({ mode: 'TEST' });
    expect(minted.key).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(minted.expiresAt.getTime() - before).toBeGreaterThanOrEqual(365 * 86_400_000 - 1000);
    expect(minted.expiresAt.getTime() - before).toBeLessThan(365 * 86_400_000 + 60_000);
    const custom = await mint({ expiresInDays: 30 });
    expect(Math.round((custom.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(30);
    for (const expiresInDays of [0, 731, 1.5])
      await expect(mint({ expiresInDays })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('normalises CIDRs and refuses entries that are not CIDRs', async () => {
    const minted = await mint({ allowedCidrs: ['10.1.2.3/8', '2001:DB8::/32', '192.0.2.1'] });
    expect(minted.allowedCidrs).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1/32']);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: minted.id } })).allowedCidrs).toEqual(minted.allowedCidrs);
    const count = await db.apiKey.count({ where: { companyId } });
    await expect(mint({ allowedCidrs: ['10.0.0.0/8', 'office'] })).rejects.toThrow(/office/);
    expect(await db.apiKey.count({ where: { companyId } })).toBe(count);
  });

  it('keeps privileged scopes alone and to privileged channels', async () => {
    await expect(mint({ scopes: ['keys:admin'] })).rejects.toThrow(/privileged/);
    await expect(mint({ scopes: ['keys:admin', 'dpp:read'], allowPrivileged: true })).rejects.toThrow(/only scope/);
    await expect(mint({ scopes: ['gdpr:admin'], mode: 'TEST', allowPrivileged: true })).rejects.toThrow(/live keys/);
    expect((await mint({ scopes: ['keys:admin'], allowPrivileged: true })).scopes).toEqual(['keys:admin']);
    await expect(mint({ scopes: [] })).rejects.toBeInstanceOf(ServiceError);
  });

  it('refuses an unknown company and respects the plan quota', async () => {
    await expect(mint({ companyId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(mint({ companyId: 'acme' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const small = await createTestCompany(db, { maxApiKeys: 1 });
    await mint({ companyId: small.id });
    await expect(mint({ companyId: small.id })).rejects.toMatchObject({ code: 'PLAN_LIMIT' });
  });
});

describe('findApiKeyByPlaintext', () => {
  it('finds a key by its plaintext and nothing else', async () => {
    const minted = await mint({ mode: 'TEST' });
    expect((await findApiKeyByPlaintext(db, minted.key))?.id).toBe(minted.id);
    const random = minted.key.slice(8);
    expect(await findApiKeyByPlaintext(db, `pk_live_${random}`)).toBeNull();
    expect(
      await findApiKeyByPlaintext(db, `pk_test_${random.slice(0, 31)}${random[31] === 'a' ? 'b' : 'a'}`),
    ).toBeNull();
    for (const junk of ['', 'Bearer x', `${minted.key} `, minted.signingSecret, undefined as unknown as string]) {
      expect(await findApiKeyByPlaintext(db, junk)).toBeNull();
    }
  });
});
