import { z } from 'zod';
import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma } from '../db/client';
import { ServiceError } from '../errors';
import { normaliseEmail } from '../gdpr/subject';
import type { Locale } from '../i18n/locales';
import { isUuid } from '../ids';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from '../storable-text';
import {
  EMPTY_VALUES,
  HONEYPOT_FIELD,
  type PoliFormField,
  type PoliFormState,
  type PoliFormValues,
} from './form-state';
import { requestPoliAccess } from './request-access';
import { POLI_ROLE_VALUES } from './roles';

/** The form's messages for refused fields, in the reader's language (English unless the caller gives them). */
export interface PoliFormErrorText {
  email: string;
  name: string;
  organisation: string;
  role: string;
  consent: string;
  tooLong(max: number): string;
  singleLine: string;
}

const ENGLISH_ERRORS: PoliFormErrorText = {
  email: 'Enter an email address such as name@example.com.',
  name: 'Enter your name.',
  organisation: 'Enter your organisation.',
  role: 'Choose the role you ask as.',
  consent: 'Tick the box to agree, or the request cannot be sent.',
  tooLong: (max) => `Use at most ${max} characters.`,
  singleLine: SINGLE_LINE_MESSAGE,
};

function formSchema(text: PoliFormErrorText) {
  // Every field is one line: a line break in a name or organisation would start a line of its own in the mails.
  const line = (max: number, message: string) =>
    z.string().trim().min(1, message).max(max, text.tooLong(max)).refine(isSingleLineText, text.singleLine);
  return z.object({
    email: z
      .string()
      .trim()
      .max(254, text.tooLong(254))
      .refine(isSingleLineText, text.singleLine)
      .pipe(z.email(text.email)),
    name: line(120, text.name),
    organisation: line(200, text.organisation),
    role: z.enum(POLI_ROLE_VALUES, text.role),
    consent: z.literal('yes', text.consent),
  });
}

/** The service's rate limiter (lib/http/rate-limit), passed in by the form's server action. */
type Limit = (policy: string, identifier: string) => Promise<{ success: boolean }>;

export interface SubmitPoliFormArgs {
  productId: string;
  fields: Record<string, string | undefined>;
  /** The server-set client address (never X-Forwarded-For). */
  clientAddress: string;
  db?: Db;
  limit: Limit;
  now?: Date;
  /** The language of the form: its messages, and the requester's mails. */
  locale?: Locale;
  errorText?: PoliFormErrorText;
}

const sent = (): PoliFormState => ({ status: 'sent', errors: {}, values: EMPTY_VALUES });

/**
 * The request form's whole server side: honeypot, validation, throttles per client address and per email
 * address, then the request itself. Every accepted submission answers the same, whether or not the address
 * already has requests or access, and whether or not anything was stored.
 */
export async function submitPoliRequestForm({
  productId,
  fields,
  clientAddress,
  db = prisma,
  limit,
  now,
  locale,
  errorText = ENGLISH_ERRORS,
}: SubmitPoliFormArgs): Promise<PoliFormState> {
  const values: PoliFormValues = {
    email: fields.email ?? '',
    name: fields.name ?? '',
    organisation: fields.organisation ?? '',
    role: fields.role ?? '',
  };
  if (fields[HONEYPOT_FIELD]) return sent();
  if (!isUuid(productId)) return { status: 'unavailable', errors: {}, values };
  const parsed = formSchema(errorText).safeParse(fields);
  if (!parsed.success) {
    const errors: PoliFormState['errors'] = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as PoliFormField] ??= issue.message;
    return { status: 'invalid', errors, values };
  }
  const input = parsed.data;
  // Both limits count every valid submission, so the answer to a throttled one says nothing about the address.
  const byAddress = await limit('poliRequestAddress', clientAddress);
  const byEmail = await limit('poliRequestEmail', sha256Hex(normaliseEmail(input.email)));
  if (!byAddress.success || !byEmail.success) return { status: 'throttled', errors: {}, values };
  try {
    await requestPoliAccess({
      input: {
        productId,
        email: input.email,
        name: input.name,
        organisation: input.organisation,
        role: input.role,
        locale,
      },
      db,
      now,
    });
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND')
      return { status: 'unavailable', errors: {}, values };
    throw error;
  }
  return sent();
}
