import type { Db, Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import { hashPresentedToken, sameHash } from './tokens';

/** A request's two single-use links: the email confirmation and the access link. */
type LinkKind = 'verification' | 'access';

export interface PresentedLink {
  requestId: string;
  kind: LinkKind;
  hash: string;
}

const storedAs = (kind: LinkKind, hash: string) =>
  kind === 'access' ? { accessTokenHash: hash } : { verificationTokenHash: hash };

/**
 * The request a presented link token belongs to, or null. A guess costs one indexed read and no transaction: a
 * flood of guesses must not hold the connection pool (an interactive transaction that waits too long for a
 * connection fails the request). `spendLink` still decides, so a token used meanwhile is refused.
 */
export async function findLink(db: Db | Tx, kind: LinkKind, token: string | null): Promise<PresentedLink | null> {
  const hash = hashPresentedToken(token);
  if (!hash) return null;
  const found = await db.poliRequest.findUnique({
    where: storedAs(kind, hash),
    select: { id: true, accessTokenHash: true, verificationTokenHash: true },
  });
  const stored = kind === 'access' ? found?.accessTokenHash : found?.verificationTokenHash;
  if (!found || !sameHash(stored ?? null, hash)) return null;
  return { requestId: found.id, kind, hash };
}

/**
 * Uses the link once, in the caller's transaction: one conditional update that matches only while the token is
 * still stored and the request is still as `still` says, so of two concurrent uses exactly one wins. `data`
 * clears the hash. False when the link no longer works.
 */
export async function spendLink(
  tx: Tx,
  link: PresentedLink,
  still: Prisma.PoliRequestWhereInput,
  data: Prisma.PoliRequestUpdateManyMutationInput,
): Promise<boolean> {
  const used = await tx.poliRequest.updateMany({
    where: { id: link.requestId, ...storedAs(link.kind, link.hash), ...still },
    data,
  });
  return used.count === 1;
}
