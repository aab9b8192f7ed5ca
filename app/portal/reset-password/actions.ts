'use server';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/crypto/passwords';
import { logger } from '@/lib/log';
import { resetPassword } from '@/lib/portal/auth/password-reset';
import { portalT } from '@/lib/portal/i18n';

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
    if (outcome.kind !== 'refused') return { status: outcome.kind };
    // The only passwords refused are too short or too long: said in the page's language.
    const t = await portalT('auth');
    const tooShort = [...password.normalize('NFC')].length < MIN_PASSWORD_LENGTH;
    return {
      status: 'refused',
      message: tooShort
        ? t('reset.tooShort', { minLength: MIN_PASSWORD_LENGTH })
        : t('reset.tooLong', { maxLength: MAX_PASSWORD_LENGTH }),
    };
  } catch (err) {
    logger().error({ err }, 'password reset failed');
    return { status: 'failed' };
  }
}
