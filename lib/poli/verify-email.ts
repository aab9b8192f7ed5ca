import { type Db, prisma, type Tx } from '../db/client';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import { queueEmail } from '../email/outbox';
import { reviewNoticeEmail } from '../email/templates/poli';
import { passportPath } from '../gs1/digital-link';
import { requesterActor } from './actor';
import { reviewLink } from './links';
import { hashPresentedToken, sameHash } from './tokens';

/** Invalid, used and expired links all answer the same: the holder learns nothing about which it was. */
export type VerifyOutcome = { ok: true; requestId: string; passportPath: string } | { ok: false };

/** Who hears of a confirmed request: the company's active reviewers and admins, else its contact address. */
async function reviewersOf(tx: Tx, companyId: string, contactEmail: string | null): Promise<string[]> {
  const users = await tx.user.findMany({
    where: { companyId, role: { in: ['ADMIN', 'REVIEWER'] }, disabledAt: null },
    select: { email: true },
    orderBy: { createdAt: 'asc' },
  });
  if (users.length > 0) return users.map((u) => u.email);
  return contactEmail ? [contactEmail] : [];
}

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
  const hash = hashPresentedToken(input.token);
  if (!hash) return { ok: false };
  // A guess costs one indexed read and no transaction: a flood of guesses must not hold the connection pool (an
  // interactive transaction that waits too long for a connection fails the request). The conditional update
  // below still decides, so a token used meanwhile is refused.
  const found = await db.poliRequest.findUnique({
    where: { verificationTokenHash: hash },
    select: { id: true, verificationTokenHash: true },
  });
  if (!found || !sameHash(found.verificationTokenHash, hash)) return { ok: false };
  return inTransaction(db, async (tx) => {
    const used = await tx.poliRequest.updateMany({
      where: {
        id: found.id,
        verificationTokenHash: hash,
        status: 'PENDING_VERIFICATION',
        verificationExpiresAt: { gt: now },
      },
      data: { status: 'PENDING_REVIEW', verifiedAt: now, verificationTokenHash: null, verificationExpiresAt: null },
    });
    if (used.count !== 1) return { ok: false };
    const request = await tx.poliRequest.findUniqueOrThrow({
      where: { id: found.id },
      include: {
        company: { select: { name: true, contactEmail: true } },
        product: { select: { name: true, slug: true, gtin: true, serialNumber: true, batchNumber: true } },
      },
    });
    const mail = reviewNoticeEmail({
      companyName: request.company.name,
      productName: request.product.name,
      requester: { name: request.name, organisation: request.organisation, email: request.email, role: request.role },
      link: reviewLink(request.id),
    });
    for (const to of await reviewersOf(tx, request.companyId, request.company.contactEmail)) {
      await queueEmail(tx, { companyId: request.companyId, to, ...mail });
    }
    await writeAudit(tx, {
      companyId: request.companyId,
      productId: request.productId,
      eventType: 'PoliRequestVerified',
      actor: requesterActor(request.id),
      context: { poliRequestId: request.id },
    });
    return { ok: true, requestId: request.id, passportPath: passportPath(request.product) };
  });
}
