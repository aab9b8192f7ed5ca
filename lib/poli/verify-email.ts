import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { mailDeciders } from '../email/operators';
import { reviewNoticeEmail } from '../email/templates/poli';
import { passportPath } from '../gs1/digital-link';
import type { Locale } from '../i18n/locales';
import { requesterActor } from './actor';
import { auditPoliRequest } from './audit';
import { findLink, spendLink } from './link-token';
import { reviewLink } from './links';
import { requestLocaleOf } from './load-request';

/** Invalid, used and expired links all answer the same: the holder learns nothing about which it was. */
export type VerifyOutcome = { ok: true; requestId: string; passportPath: string; locale: Locale } | { ok: false };

/**
 * The requester opened the emailed link: the address is confirmed and the request goes to the manufacturer's
 * review. The token works once, for 24 hours; its hash is cleared in the same conditional update that uses it.
 */
export async function verifyPoliEmail({
  input,
  db = prisma,
  now = new Date(),
}: {
  input: { token: string | null };
  db?: Db | Tx;
  now?: Date;
}): Promise<VerifyOutcome> {
  const link = await findLink(db, 'verification', input.token);
  if (!link) return { ok: false };
  return inTransaction(db, async (tx) => {
    const spent = await spendLink(
      tx,
      link,
      { status: 'PENDING_VERIFICATION', verificationExpiresAt: { gt: now } },
      { status: 'PENDING_REVIEW', verifiedAt: now, verificationTokenHash: null, verificationExpiresAt: null },
    );
    if (!spent) return { ok: false };
    const request = await tx.poliRequest.findUniqueOrThrow({
      where: { id: link.requestId },
      include: {
        company: { select: { name: true, contactEmail: true } },
        product: { select: { name: true, slug: true, gtin: true, serialNumber: true, batchNumber: true } },
      },
    });
    await mailDeciders(tx, { id: request.companyId, contactEmail: request.company.contactEmail }, (locale) =>
      reviewNoticeEmail({
        companyName: request.company.name,
        productName: request.product.name,
        requester: { name: request.name, organisation: request.organisation, email: request.email, role: request.role },
        link: reviewLink(request.id),
        locale,
      }),
    );
    await auditPoliRequest(tx, request, 'PoliRequestVerified', requesterActor(request.id));
    return {
      ok: true,
      requestId: request.id,
      passportPath: passportPath(request.product),
      locale: requestLocaleOf(request),
    };
  });
}
