import { type Db, prisma, type Tx } from '../db/client';
import type { PoliRole } from '../db/generated/enums';
import { inTransaction } from '../db/transaction';
import { queueEmail } from '../email/outbox';
import { verificationEmail } from '../email/templates/poli';
import { ServiceError } from '../errors';
import { normaliseEmail } from '../gdpr/subject';
import type { Locale } from '../i18n/locales';
import { requesterActor } from './actor';
import { auditPoliRequest } from './audit';
import { verificationLink } from './links';
import { tierForRole } from './roles';
import { issueToken, later, VERIFICATION_TTL_MS } from './tokens';

/** Requests of one address for one passport still waiting (unconfirmed or in review): more are not stored. */
export const MAX_OPEN_REQUESTS = 3;

export interface PoliRequestInput {
  productId: string;
  email: string;
  name: string;
  organisation: string;
  role: PoliRole;
  /** The language of the form: the requester's mails are written in it. */
  locale?: Locale;
}

/** `bounded`: the address already has enough open requests for this passport; nothing was stored or sent. */
export type PoliRequestOutcome = { kind: 'created'; requestId: string } | { kind: 'bounded' };

async function requestablePassport(db: Db | Tx, productId: string) {
  const product = await db.product.findFirst({
    where: { id: productId, mode: 'LIVE', state: 'APPROVED', version: { gte: 1 } },
    select: { id: true, name: true, companyId: true, company: { select: { name: true } } },
  });
  if (!product) throw new ServiceError('NOT_FOUND', 'This passport does not take access requests.');
  return product;
}

/**
 * A visitor asks for the restricted view of one published passport: the request waits for its email to be
 * confirmed (token in the mail, 24 h). The tenant is the passport's manufacturer, never a visitor's choice.
 */
export async function requestPoliAccess({
  input,
  db = prisma,
  now = new Date(),
}: {
  input: PoliRequestInput;
  db?: Db | Tx;
  now?: Date;
}): Promise<PoliRequestOutcome> {
  const email = normaliseEmail(input.email);
  return inTransaction(db, async (tx) => {
    const product = await requestablePassport(tx, input.productId);
    // One address and passport at a time, so concurrent submissions cannot pass the bound together.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`bps:poli-request:${product.id}:${email}`}, 0))`;
    const open = await tx.poliRequest.count({
      where: {
        productId: product.id,
        email,
        OR: [{ status: 'PENDING_REVIEW' }, { status: 'PENDING_VERIFICATION', verificationExpiresAt: { gt: now } }],
      },
    });
    if (open >= MAX_OPEN_REQUESTS) return { kind: 'bounded' };
    const token = issueToken();
    const request = await tx.poliRequest.create({
      data: {
        companyId: product.companyId,
        productId: product.id,
        email,
        name: input.name.trim(),
        organisation: input.organisation.trim(),
        role: input.role,
        tier: tierForRole(input.role),
        verificationTokenHash: token.hash,
        verificationExpiresAt: later(now, VERIFICATION_TTL_MS),
        locale: input.locale ?? 'en',
      },
    });
    const mail = verificationEmail({
      companyName: product.company.name,
      productName: product.name,
      name: request.name,
      role: request.role,
      link: verificationLink(token.token),
      locale: input.locale,
    });
    await queueEmail(tx, { companyId: product.companyId, to: email, ...mail });
    await auditPoliRequest(tx, request, 'PoliRequestCreated', requesterActor(request.id), {
      role: request.role,
      tier: request.tier,
    });
    return { kind: 'created', requestId: request.id };
  });
}
