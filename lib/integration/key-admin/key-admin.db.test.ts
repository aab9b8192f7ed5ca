import { afterAll, describe, expect, it } from 'vitest';
import { refusal } from '../../../testing/domain';
import { createTestCompany, mintTestKey } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { findApiKeyByPlaintext, signingSecretOf } from '../keys';
import { bulkRevokeKeys } from './bulk-revoke';
import { getKeyOrThrow } from './find';
import { listKeys } from './list';
import { mintKey } from './mint';
import { revokeKey } from './revoke';
import { rotateKey } from './rotate';
import { rotateSigningSecret } from './rotate-signing-secret';
import { updateKey } from './update';

afterAll(() => disconnectPrisma());

/** A company with a keys:admin key, and the context the route wrapper would build for that key. */
async function admin(mode: 'live' | 'test' = 'live', company: Parameters<typeof createTestCompany>[1] = {}) {
  const row = await createTestCompany(prisma, company);
  const key = await mintTestKey(prisma, row.id, { scopes: ['keys:admin'], mode });
  const ctx: DomainContext = {
    companyId: row.id,
    actor: { role: 'Integration', id: key.id, channel: 'API' },
    mode: key.mode,
  };
  return { company: row, key, ctx };
}

const audit = (companyId: string, eventType: string) => prisma.auditLog.findMany({ where: { companyId, eventType } });
const input = { name: 'ERP export', scopes: ['dpp:read'], mode: 'live' as const };

describe('mintKey', () => {
  it("mints a usable key of the admin's company, audited with the admin key as actor and without secrets", async () => {
    const { company, ctx, key: adminKey } = await admin();
    const minted = await mintKey({ ctx, input: { ...input, allowedCidrs: ['10.1.2.3/8'], expiresInDays: 30 } });
    expect(minted).toMatchObject({
      name: 'ERP export',
      scopes: ['dpp:read'],
      mode: 'live',
      allowedCidrs: ['10.0.0.0/8'],
      status: 'active',
    });
    expect((await findApiKeyByPlaintext(prisma, minted.key))?.companyId).toBe(company.id);
    const rows = await audit(company.id, 'ApiKeyMinted');
    const mine = rows.filter((r) => (r.eventContext as { apiKeyId: string }).apiKeyId === minted.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actorRole: 'Integration', actorId: adminKey.id, eventChannel: 'API' });
    expect(JSON.stringify(mine[0].eventContext)).not.toContain(minted.signingSecret);
    expect(JSON.stringify(mine[0].eventContext)).not.toContain(minted.key);
  });

  it('refuses privileged scopes with VALIDATION_ERROR naming them', async () => {
    const { ctx } = await admin();
    for (const scope of ['keys:admin', 'gdpr:admin']) {
      const error = await refusal(mintKey({ ctx, input: { ...input, scopes: [scope] } }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(scope);
    }
  });

  it('answers PLAN_LIMIT at the plan quota, and a sandbox admin cannot mint live keys (CROSS_MODE_DENIED)', async () => {
    const { ctx } = await admin('live', { maxApiKeys: 1 });
    expect((await refusal(mintKey({ ctx, input }))).code).toBe('PLAN_LIMIT');
    const sandbox = await admin('test');
    expect((await refusal(mintKey({ ctx: sandbox.ctx, input }))).code).toBe('CROSS_MODE_DENIED');
    expect((await mintKey({ ctx: sandbox.ctx, input: { ...input, mode: 'test' } })).key).toMatch(/^pk_test_/);
  });
});

describe('reading keys', () => {
  it("lists by status and mode, pages, and hides other companies' keys and (from a sandbox admin) live keys", async () => {
    const { ctx } = await admin();
    const a = await mintKey({ ctx, input });
    const b = await mintKey({ ctx, input: { ...input, mode: 'test' } });
    await revokeKey({ ctx, input: { keyId: b.id } });
    const all = await listKeys({ ctx, query: { limit: 100 } });
    expect(all.items.map((k) => k.id)).toEqual(expect.arrayContaining([a.id, b.id, ctx.actor.id]));
    expect((await listKeys({ ctx, query: { limit: 100, status: 'revoked' } })).items.map((k) => k.id)).toEqual([b.id]);
    expect((await listKeys({ ctx, query: { limit: 100, mode: 'TEST' } })).items.map((k) => k.id)).toEqual([b.id]);
    const first = await listKeys({ ctx, query: { limit: 1 } });
    expect(first.next).not.toBeNull();
    const second = await listKeys({ ctx, query: { limit: 100, after: first.next! } });
    expect([...first.items, ...second.items].map((k) => k.id)).toEqual(all.items.map((k) => k.id));
    const other = await admin();
    expect((await refusal(getKeyOrThrow(prisma, other.ctx, a.id))).code).toBe('NOT_FOUND');
    const sandboxCtx: DomainContext = { ...ctx, mode: 'TEST' };
    expect((await refusal(getKeyOrThrow(prisma, sandboxCtx, a.id))).code).toBe('NOT_FOUND');
    expect(JSON.stringify(all)).not.toContain(a.key);
    expect(JSON.stringify(all)).not.toContain(a.signingSecret);
  });
});

describe('updateKey', () => {
  it('renames, replaces the CIDR list (empty removes it), names invalid entries, and audits only real changes', async () => {
    const { company, ctx } = await admin();
    const k = await mintKey({ ctx, input: { ...input, allowedCidrs: ['192.0.2.0/24'] } });
    expect(
      await updateKey({ ctx, input: { keyId: k.id, name: 'Renamed', allowedCidrs: ['2001:db8::1/32'] } }),
    ).toMatchObject({ name: 'Renamed', allowedCidrs: ['2001:db8::/32'] });
    const error = await refusal(
      updateKey({ ctx, input: { keyId: k.id, allowedCidrs: ['10.0.0.0/8', 'nope', '300.1.1.1'] } }),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.options.details).toMatchObject({ invalid: ['nope', '300.1.1.1'] });
    expect((await updateKey({ ctx, input: { keyId: k.id, allowedCidrs: [] } })).allowedCidrs).toEqual([]);
    await updateKey({ ctx, input: { keyId: k.id, name: 'Renamed' } });
    expect(await audit(company.id, 'ApiKeyUpdated')).toHaveLength(2);
  });
});

describe('rotateKey', () => {
  it('mints a successor like the old key with a new secret; the old key is in grace until graceUntil', async () => {
    const { company, ctx } = await admin();
    const old = await mintKey({
      ctx,
      input: { ...input, scopes: ['dpp:read', 'mapping:read'], allowedCidrs: ['10.0.0.0/8'], expiresInDays: 30 },
    });
    const before = Date.now();
    const next = await rotateKey({ ctx, input: { keyId: old.id, graceHours: 2 } });
    expect(next).toMatchObject({
      name: old.name,
      scopes: old.scopes,
      mode: 'live',
      allowedCidrs: ['10.0.0.0/8'],
      rotatedFromId: old.id,
      status: 'active',
    });
    expect(next.key).not.toBe(old.key);
    expect(next.signingSecret).not.toBe(old.signingSecret);
    const lifetime = new Date(next.expiresAt!).getTime() - new Date(next.createdAt).getTime();
    expect(Math.round(lifetime / 86_400_000)).toBe(30);
    const previous = await getKeyOrThrow(prisma, ctx, old.id);
    expect(previous.graceUntil!.getTime()).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
    expect(previous.graceUntil!.getTime()).toBeLessThan(Date.now() + 2 * 3_600_000 + 1000);
    expect(await audit(company.id, 'ApiKeyRotated')).toHaveLength(1);
  });

  it('refuses revoked, expired and already rotated keys with 409 INVALID_STATE', async () => {
    const { ctx } = await admin();
    const revoked = await mintKey({ ctx, input });
    await revokeKey({ ctx, input: { keyId: revoked.id } });
    const expired = await mintKey({ ctx, input });
    await prisma.apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const rotated = await mintKey({ ctx, input });
    await rotateKey({ ctx, input: { keyId: rotated.id } });
    for (const id of [revoked.id, expired.id, rotated.id]) {
      const error = await refusal(rotateKey({ ctx, input: { keyId: id } }));
      expect([error.code, error.options.reason]).toEqual(['INVALID_STATE', 'INVALID_TRANSITION']);
    }
  });
});

describe('revokeKey and rotateSigningSecret', () => {
  it('revokes once (a second revoke changes and audits nothing) and a key may revoke itself', async () => {
    const { company, ctx, key } = await admin();
    const k = await mintKey({ ctx, input });
    const first = await revokeKey({ ctx, input: { keyId: k.id } });
    expect(first.status).toBe('revoked');
    expect(await revokeKey({ ctx, input: { keyId: k.id } })).toEqual(first);
    expect((await revokeKey({ ctx, input: { keyId: key.id } })).status).toBe('revoked');
    expect(await audit(company.id, 'ApiKeyRevoked')).toHaveLength(2);
  });

  it('replaces the signing secret at once and refuses revoked keys', async () => {
    const { ctx } = await admin();
    const k = await mintKey({ ctx, input });
    const { signingSecret } = await rotateSigningSecret({ ctx, input: { keyId: k.id } });
    expect(signingSecret).toMatch(/^sk_/);
    expect(signingSecretOf(await prisma.apiKey.findUniqueOrThrow({ where: { id: k.id } }))).toBe(signingSecret);
    await revokeKey({ ctx, input: { keyId: k.id } });
    expect((await refusal(rotateSigningSecret({ ctx, input: { keyId: k.id } }))).code).toBe('INVALID_STATE');
  });
});

describe('bulkRevokeKeys', () => {
  it('revokes named or all keys, ignores foreign ids, spares the caller by default, one audit row', async () => {
    const { company, ctx, key } = await admin();
    const [a, b, c] = [
      await mintKey({ ctx, input }),
      await mintKey({ ctx, input }),
      await mintKey({ ctx, input: { ...input, mode: 'test' } }),
    ];
    const foreign = await mintTestKey(prisma, (await createTestCompany(prisma)).id);
    expect(await bulkRevokeKeys({ ctx, input: { ids: [a.id, foreign.id, key.id] } })).toEqual({ revoked: [a.id] });
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: foreign.id } })).revokedAt).toBeNull();
    expect(await bulkRevokeKeys({ ctx, input: { all: true, mode: 'TEST' } })).toEqual({ revoked: [c.id] });
    expect(await bulkRevokeKeys({ ctx, input: { all: true } })).toEqual({ revoked: [b.id] });
    expect(await bulkRevokeKeys({ ctx, input: { all: true } })).toEqual({ revoked: [] });
    expect(await bulkRevokeKeys({ ctx, input: { ids: [key.id], exceptSelf: false } })).toEqual({ revoked: [key.id] });
    expect(await audit(company.id, 'ApiKeysBulkRevoked')).toHaveLength(4);
  });
});
