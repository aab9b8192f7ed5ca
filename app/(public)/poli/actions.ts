'use server';

import { headers } from 'next/headers';
import { clientAddressFromHeaders } from '@/lib/http/client-address';
import { limit } from '@/lib/http/rate-limit';
import { getI18n } from '@/lib/i18n/request';
import { logger } from '@/lib/log';
import type { PoliFormState } from '@/lib/poli/form-state';
import { submitPoliRequestForm } from '@/lib/poli/request-form';

/**
 * The request form's server action: with client script it answers the form in place; without, the browser posts
 * the form and the page renders again with this state. The throttles key on the server-set client address.
 */
export async function requestRestrictedAccess(previous: PoliFormState, formData: FormData): Promise<PoliFormState> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData.entries()) if (typeof value === 'string') fields[name] = value;
  try {
    const clientAddress = clientAddressFromHeaders(await headers());
    // The form's language is the page's (its `?lang=` or Accept-Language): messages and mails are written in it.
    const { locale, t } = await getI18n();
    return await submitPoliRequestForm({
      productId: fields.productId ?? '',
      fields,
      clientAddress,
      limit,
      locale,
      errorText: {
        email: t('poli.form.errors.email'),
        name: t('poli.form.errors.name'),
        organisation: t('poli.form.errors.organisation'),
        role: t('poli.form.errors.role'),
        consent: t('poli.form.errors.consent'),
        tooLong: (max) => t('poli.form.errors.tooLong', { max }),
        singleLine: t('poli.form.errors.singleLine'),
      },
    });
  } catch (err) {
    logger().error({ err }, 'access request form failed');
    return {
      status: 'failed',
      errors: {},
      values: {
        ...previous.values,
        email: fields.email ?? '',
        name: fields.name ?? '',
        organisation: fields.organisation ?? '',
        role: fields.role ?? '',
      },
    };
  }
}
