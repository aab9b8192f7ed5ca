import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/portal/auth/options';

// next-auth's own endpoints (sign-in, sign-out, session, CSRF token) for the operator portal.
const handler = (request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) =>
  NextAuth(authOptions())(request, context);

export { handler as GET, handler as POST };
