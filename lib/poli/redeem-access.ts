import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { passportPath } from '../gs1/digital-link';
import type { Locale } from '../i18n/locales';
import { requesterActor } from './actor';
import { auditPoliRequest } from './audit';
import { findLink, spendLink } from './link-token';
import { requestLocaleOf } from './load-request';
import { GRANT_TTL_MS, issueToken, later } from './tokens';

export type RedeemOutcome =
  | {
      ok: true;
      grantId: string;
      sessionToken: string;
      productId: string;
      expiresAt: Date;
      passportPath: string;
      /** The language of the request form: the page opens in it. */
      locale: Locale;
    }
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
  const link = await findLink(db, 'access', input.token);
  if (!link) return { ok: false };
  return inTransaction(db, async (tx) => {
    const spent = await spendLink(
      tx,
      link,
      { status: 'APPROVED', accessTokenUsedAt: null, accessTokenExpiresAt: { gt: now } },
      { accessTokenUsedAt: now, accessTokenHash: null },
    );
    if (!spent) return { ok: false };
    const request = await tx.poliRequest.findUniqueOrThrow({
      where: { id: link.requestId },
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
    await auditPoliRequest(tx, request, 'PoliGrantIssued', requesterActor(request.id), {
      poliGrantId: grant.id,
      tier: grant.tier,
      expiresAt: grant.expiresAt.toISOString(),
    });
    return {
      ok: true,
      grantId: grant.id,
      sessionToken: session.token,
      productId: request.productId,
      expiresAt: grant.expiresAt,
      passportPath: passportPath(request.product),
      locale: requestLocaleOf(request),
    };
  });
}
