import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { TenantArgs } from '../domain/context';
import { requireRole } from '../passport/transitions/result';
import { lockIssuerKeys, newIssuerKey } from './keys';
import { issuerOf } from './sign';

/** Who rotates the issuer key: company administrators in the portal, and the system (the admin CLI). */
export const ISSUER_ADMIN_ROLES = ['ADMIN', 'System'];

export interface RotationResult {
  did: string;
  kid: string;
  previousKid: string | null;
  rotatedAt: string;
}

/**
 * A new Ed25519 issuer key for the company: the current key is retired (it stays in the DID document, so every
 * credential it signed still verifies) and the new one signs from this commit on. Also the cure for a key that no
 * longer decrypts. One audit row per rotation.
 */
export async function rotateIssuerKey({ ctx, db = prisma, now = new Date() }: TenantArgs): Promise<RotationResult> {
  requireRole(ctx, ISSUER_ADMIN_ROLES, 'rotate the issuer key');
  return inTransaction(db, async (tx) => {
    await lockIssuerKeys(tx, ctx.companyId);
    const company = await tx.company.findUniqueOrThrow({
      where: { id: ctx.companyId },
      select: { slug: true, name: true },
    });
    const current = await tx.issuerKey.findMany({
      where: { companyId: ctx.companyId, retiredAt: null },
      select: { kid: true },
    });
    await tx.issuerKey.updateMany({ where: { companyId: ctx.companyId, retiredAt: null }, data: { retiredAt: now } });
    const created = await newIssuerKey();
    await tx.issuerKey.create({
      data: { companyId: ctx.companyId, ...created, publicJwk: { ...created.publicJwk }, createdAt: now },
    });
    const previousKid = current[0]?.kid ?? null;
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'IssuerKeyRotated',
      actor: ctx.actor,
      context: { kid: created.kid, previousKid },
    });
    return { did: issuerOf(company).did, kid: created.kid, previousKid, rotatedAt: now.toISOString() };
  });
}
