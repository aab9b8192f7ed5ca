'use server';

import { logger } from '@/lib/log';
import { resetPassword } from '@/lib/portal/auth/password-reset';

export interface ResetState {
  status: 'idle' | 'done' | 'invalid-link' | 'refused' | 'mismatch' | 'failed';
  message?: string;
}

/** The new-password form's action: the token travels in a hidden field of the page the link opened. */
export async function chooseNewPassword(_previous: ResetState, formData: FormData): Promise<ResetState> {
  const token = String(formData.get('token') ?? '');
  const password = String(formData.get('password') ?? '');
  if (password !== String(formData.get('confirm') ?? '')) return { status: 'mismatch' };
  try {
    const outcome = await resetPassword({ token, password });
    return outcome.kind === 'refused' ? { status: 'refused', message: outcome.message } : { status: outcome.kind };
  } catch (err) {
    logger().error({ err }, 'password reset failed');
    return { status: 'failed' };
  }
}
