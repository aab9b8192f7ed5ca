import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany } from '../../../testing/factories';
import { rotateIssuerKey } from '../../credentials/rotate';
import { disconnectPrisma, prisma } from '../../db/client';
import type { UserRole } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { signingIdentity } from './identity';

afterAll(() => disconnectPrisma());

const portalCtx = (companyId: string, role: UserRole): DomainContext => ({
  companyId,
  actor: { role, id: null, channel: 'Portal' },
});

describe('signingIdentity', () => {
  it('shows a company without a key its DID and no key, before its first publication', async () => {
    const company = await createTestCompany(prisma);
    expect(await signingIdentity(company.id)).toEqual({
      did: `did:web:localhost%3A3000:issuers:${company.slug}`,
      didDocumentUrl: `http://localhost:3000/issuers/${company.slug}/did.json`,
      current: null,
      retired: [],
    });
  });

  it('lists the current key and the retired ones newest first, as the DID document orders them', async () => {
    const company = await createTestCompany(prisma);
    const admin = portalCtx(company.id, 'ADMIN');
    const first = await rotateIssuerKey({ ctx: admin, now: new Date('2026-01-01T00:00:00Z') });
    const second = await rotateIssuerKey({ ctx: admin, now: new Date('2026-02-01T00:00:00Z') });
    const third = await rotateIssuerKey({ ctx: admin, now: new Date('2026-03-01T00:00:00Z') });
    const other = await createTestCompany(prisma);
    await rotateIssuerKey({ ctx: portalCtx(other.id, 'ADMIN') });

    const identity = await signingIdentity(company.id);
    expect(identity.current).toEqual({ kid: third.kid, createdAt: new Date('2026-03-01T00:00:00Z'), retiredAt: null });
    expect(identity.retired).toEqual([
      { kid: second.kid, createdAt: new Date('2026-02-01T00:00:00Z'), retiredAt: new Date('2026-03-01T00:00:00Z') },
      { kid: first.kid, createdAt: new Date('2026-01-01T00:00:00Z'), retiredAt: new Date('2026-02-01T00:00:00Z') },
    ]);
  });
});

describe('the portal rotation is for administrators only', () => {
  it('refuses an editor and a reviewer with FORBIDDEN and changes nothing', async () => {
    const company = await createTestCompany(prisma);
    const before = await rotateIssuerKey({ ctx: portalCtx(company.id, 'ADMIN') });
    for (const role of ['EDITOR', 'REVIEWER'] as const) {
      await expect(rotateIssuerKey({ ctx: portalCtx(company.id, role) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const identity = await signingIdentity(company.id);
    expect(identity.current?.kid).toBe(before.kid);
    expect(identity.retired).toEqual([]);
  });
});
