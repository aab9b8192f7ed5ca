'use server';

import { headers } from 'next/headers';
import { clientAddressFromHeaders } from '@/lib/http/client-address';
import { logger } from '@/lib/log';
import { requestPasswordReset } from '@/lib/portal/auth/password-reset';
import { portalLocale } from '@/lib/portal/i18n';

export interface ForgotState {
  status: 'idle' | 'sent' | 'throttled' | 'failed';
  email: string;
}

/** The "forgot password" form's action: the same answer whether or not an operator has the address. */
export async function askForResetLink(_previous: ForgotState, formData: FormData): Promise<ForgotState> {
  const email = String(formData.get('email') ?? '').slice(0, 320);
  try {
    const clientAddress = clientAddressFromHeaders(await headers());
    // The mail speaks the operator's chosen language, else this page's.
    const outcome = await requestPasswordReset({ email, clientAddress, locale: await portalLocale() });
    return { status: outcome.kind, email };
  } catch (err) {
    logger().error({ err }, 'password reset request failed');
    return { status: 'failed', email };
  }
}
