import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { config } from '../../config';
import { CLIENT_IP_HEADER, UNKNOWN_ADDRESS } from '../../http/client-address';
import { type SignedInOperator, verifyOperatorLogin } from './verify-login';

/** Operator sessions end after a working day; the portal re-reads the user on every request anyway. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The message next-auth hands back to the sign-in form for a throttled attempt. */
export const THROTTLED_ERROR = 'THROTTLED';

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

let cached: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  const cfg = config();
  // next-auth builds its callback URLs from NEXTAUTH_URL; the service's public address is BASE_URL.
  process.env.NEXTAUTH_URL ??= `${cfg.BASE_URL}/api/auth`;
  cached = {
    secret: cfg.NEXTAUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/portal/sign-in', error: '/portal/sign-in' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const clientAddress = headerValue(req?.headers, CLIENT_IP_HEADER) ?? UNKNOWN_ADDRESS;
          const outcome = await verifyOperatorLogin({
            email: credentials?.email ?? '',
            password: credentials?.password ?? '',
            clientAddress,
          });
          if (outcome.ok) return outcome.operator;
          if (outcome.reason === 'throttled') throw new Error(THROTTLED_ERROR);
          return null;
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const operator = user as unknown as SignedInOperator;
          token.sub = operator.id;
          token.companyId = operator.companyId;
          token.role = operator.role;
          // When this session signed in: a password reset after it ends the session (lib/portal/session.ts).
          token.signedInAt = Date.now();
        }
        return token;
      },
      session({ session, token }) {
        session.user = {
          ...session.user,
          id: token.sub ?? '',
          companyId: String(token.companyId ?? ''),
          role: String(token.role ?? ''),
          signedInAt: Number(token.signedInAt ?? 0),
        } as typeof session.user;
        return session;
      },
    },
  };
  return cached;
}
