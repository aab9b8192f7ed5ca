'use server';

import { headers } from 'next/headers';
import { clientAddressFromHeaders } from '@/lib/http/client-address';
import { limit } from '@/lib/http/rate-limit';
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
    return await submitPoliRequestForm({ productId: fields.productId ?? '', fields, clientAddress, limit });
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
