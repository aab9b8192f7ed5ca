import { type Db, prisma, type Tx } from '../db/client';
import type { AccessTier, PoliRole } from '../db/generated/enums';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import { passportPath } from '../gs1/digital-link';
import { isUuid } from '../ids';
import { requesterActor } from './actor';
import { hashPresentedToken, sameHash } from './tokens';

export interface ActiveGrant {
  id: string;
  requestId: string;
  tier: AccessTier;
  /** The requester's role: it decides which Annex XIII points the grant opens (lib/poli/roles.ts). */
  role: PoliRole;
  expiresAt: Date;
}

// A page view updates lastSeenAt at most this often, so reading a passport is not a write every time.
const SEEN_RESOLUTION_MS = 5 * 60_000;

/**
 * The grant a browser's session token holds for this passport: not revoked, not expired, its request still
 * approved. A token for another passport, or any token of a revoked access, is no grant here.
 */
export async function findActiveGrant({
  sessionToken,
  productId,
  db = prisma,
  now = new Date(),
}: {
  sessionToken: string | null | undefined;
  productId: string;
  db?: Db | Tx;
  now?: Date;
}): Promise<ActiveGrant | null> {
  const hash = hashPresentedToken(sessionToken);
  if (!hash) return null;
  const grant = await db.poliGrant.findUnique({
    where: { sessionHash: hash },
    include: { request: { select: { status: true, role: true } } },
  });
  if (!grant || !sameHash(grant.sessionHash, hash)) return null;
  if (grant.productId !== productId || grant.revokedAt || grant.expiresAt <= now || grant.request.status !== 'APPROVED')
    return null;
  if (!grant.lastSeenAt || now.getTime() - grant.lastSeenAt.getTime() > SEEN_RESOLUTION_MS) {
    await db.poliGrant.update({ where: { id: grant.id }, data: { lastSeenAt: now } });
  }
  return {
    id: grant.id,
    requestId: grant.requestId,
    tier: grant.tier,
    role: grant.request.role,
    expiresAt: grant.expiresAt,
  };
}

/**
 * The browser gives up its access to one passport: the grant is revoked (the cookie alone could be restored
 * from a backup). Answers the passport's page to return to, or null for an unknown passport.
 */
export async function signOutPoliGrant({
  input,
  db = prisma,
  now = new Date(),
}: {
  input: { sessionToken: string | null | undefined; productId: string };
  db?: Db | Tx;
  now?: Date;
}): Promise<{ passportPath: string | null }> {
  if (!isUuid(input.productId)) return { passportPath: null };
  return inTransaction(db, async (tx) => {
    const product = await tx.product.findFirst({
      where: { id: input.productId },
      select: { slug: true, gtin: true, serialNumber: true, batchNumber: true },
    });
    const hash = hashPresentedToken(input.sessionToken);
    const grant = hash ? await tx.poliGrant.findUnique({ where: { sessionHash: hash } }) : null;
    if (grant && hash && sameHash(grant.sessionHash, hash) && grant.productId === input.productId && !grant.revokedAt) {
      await tx.poliGrant.update({ where: { id: grant.id }, data: { revokedAt: now } });
      await writeAudit(tx, {
        companyId: grant.companyId,
        productId: grant.productId,
        eventType: 'PoliGrantSignedOut',
        actor: requesterActor(grant.requestId),
        context: { poliGrantId: grant.id, poliRequestId: grant.requestId },
      });
    }
    return { passportPath: product ? passportPath(product) : null };
  });
}
