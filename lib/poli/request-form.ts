import { z } from 'zod';
import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma } from '../db/client';
import { ServiceError } from '../errors';
import { normaliseEmail } from '../gdpr/subject';
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

// Every field is one line: a line break in a name or organisation would start a line of its own in the mails.
const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters.`)
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE);

const FormSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'Use at most 254 characters.')
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE)
    .pipe(z.email('Enter an email address such as name@example.com.')),
  name: text(120, 'Enter your name.'),
  organisation: text(200, 'Enter your organisation.'),
  role: z.enum(POLI_ROLE_VALUES, 'Choose the role you ask as.'),
  consent: z.literal('yes', 'Tick the box to agree, or the request cannot be sent.'),
});

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
}: SubmitPoliFormArgs): Promise<PoliFormState> {
  const values: PoliFormValues = {
    email: fields.email ?? '',
    name: fields.name ?? '',
    organisation: fields.organisation ?? '',
    role: fields.role ?? '',
  };
  if (fields[HONEYPOT_FIELD]) return sent();
  if (!isUuid(productId)) return { status: 'unavailable', errors: {}, values };
  const parsed = FormSchema.safeParse(fields);
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
      input: { productId, email: input.email, name: input.name, organisation: input.organisation, role: input.role },
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
