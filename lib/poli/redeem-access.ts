import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import { passportPath } from '../gs1/digital-link';
import { requesterActor } from './actor';
import { GRANT_TTL_MS, hashPresentedToken, issueToken, later, sameHash } from './tokens';

export type RedeemOutcome =
  | { ok: true; grantId: string; sessionToken: string; productId: string; expiresAt: Date; passportPath: string }
  | { ok: false };

/**
 * The requester opened the access link: it works once, within 7 days, while the request stays approved. The
 * browser that opened it gets a 30-day grant for this passport at the request's tier.
 */
export async function redeemPoliAccess({
  input,
  db = prisma,
  now = new Date(),
}: {
  input: { token: string | null };
  db?: Db | Tx;
  now?: Date;
}): Promise<RedeemOutcome> {
  const hash = hashPresentedToken(input.token);
  if (!hash) return { ok: false };
  // A guess costs one indexed read and no transaction (see verify-email.ts); the conditional update decides.
  const found = await db.poliRequest.findUnique({
    where: { accessTokenHash: hash },
    select: { id: true, accessTokenHash: true },
  });
  if (!found || !sameHash(found.accessTokenHash, hash)) return { ok: false };
  return inTransaction(db, async (tx) => {
    const used = await tx.poliRequest.updateMany({
      where: {
        id: found.id,
        accessTokenHash: hash,
        status: 'APPROVED',
        accessTokenUsedAt: null,
        accessTokenExpiresAt: { gt: now },
      },
      data: { accessTokenUsedAt: now, accessTokenHash: null },
    });
    if (used.count !== 1) return { ok: false };
    const request = await tx.poliRequest.findUniqueOrThrow({
      where: { id: found.id },
      include: { product: { select: { slug: true, gtin: true, serialNumber: true, batchNumber: true } } },
    });
    const session = issueToken();
    const grant = await tx.poliGrant.create({
      data: {
        requestId: request.id,
        companyId: request.companyId,
        productId: request.productId,
        tier: request.tier,
        sessionHash: session.hash,
        expiresAt: later(now, GRANT_TTL_MS),
      },
    });
    await writeAudit(tx, {
      companyId: request.companyId,
      productId: request.productId,
      eventType: 'PoliGrantIssued',
      actor: requesterActor(request.id),
      context: {
        poliGrantId: grant.id,
        poliRequestId: request.id,
        tier: grant.tier,
        expiresAt: grant.expiresAt.toISOString(),
      },
    });
    return {
      ok: true,
      grantId: grant.id,
      sessionToken: session.token,
      productId: request.productId,
      expiresAt: grant.expiresAt,
      passportPath: passportPath(request.product),
    };
  });
}
