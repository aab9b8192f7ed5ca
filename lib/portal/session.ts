import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getServerSession } from 'next-auth';
import { cache } from 'react';
import { prisma } from '../db/client';
import type { UserRole } from '../db/generated/enums';
import type { DomainContext } from '../domain/context';
import { REQUEST_PATH_HEADER } from '../http/middleware/forwarded-headers';
import { authOptions } from './auth/options';
import { safeReturnPath } from './return-path';

export interface Operator {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
  companyId: string;
  companyName: string;
  /** The portal language chosen in the profile ('en' or 'de'); null follows the browser. */
  locale: string | null;
}

/**
 * The signed-in operator, re-read from the database on every request: a disabled user, a suspended company, a
 * changed role or a password reset takes effect at once, whatever the session cookie still says. Read once per request: the layout, the page and the portal's language share it.
 */
export const currentOperator = cache(async (): Promise<Operator | null> => {
  const session = await getServerSession(authOptions());
  const signedIn = session?.user as { id?: string; signedInAt?: number } | undefined;
  const userId = signedIn?.id;
  if (!userId) return null;
  const user = await prisma.user.findUnique({ where: { id: userId }, include: { company: true } });
  if (!user || user.disabledAt || user.company.suspendedAt) return null;
  // A password chosen through a "forgot password" link ends every session signed in before it.
  if (user.passwordChangedAt && (signedIn.signedInAt ?? 0) < user.passwordChangedAt.getTime()) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    companyId: user.companyId,
    companyName: user.company.name,
    locale: user.locale,
  };
});

/** Pages call this first: no session sends the browser to sign in, and back to the page it asked for. */
export async function requireOperator(): Promise<Operator> {
  const operator = await currentOperator();
  if (!operator) {
    const returnTo = safeReturnPath((await headers()).get(REQUEST_PATH_HEADER));
    redirect(`/portal/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  }
  return operator;
}

/** The domain verbs' context for an operator: their company, their role, the Portal channel. */
export function portalContext(operator: Operator): DomainContext {
  return { companyId: operator.companyId, actor: { role: operator.role, id: operator.id, channel: 'Portal' } };
}

export const hasRole = (operator: Operator, roles: readonly UserRole[]) => roles.includes(operator.role);

/** Who may do what in the portal; the domain verbs check the same roles again on the server. */
export const PORTAL_ROLES = {
  review: ['ADMIN', 'REVIEWER'],
  edit: ['ADMIN', 'EDITOR'],
  admin: ['ADMIN'],
} as const satisfies Record<string, readonly UserRole[]>;
