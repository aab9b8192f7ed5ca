import { unstable_rethrow } from 'next/navigation';
import type { UserRole } from '../db/generated/enums';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { INTERNAL_MESSAGE, toServiceError } from '../http/errors';
import { newRequestId } from '../http/request-id';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from '../storable-text';
import { type PortalTranslator, portalT } from './i18n';
import { currentOperator, type Operator, portalContext } from './session';

/** What every portal form shows after it ran: a message, and per-field messages for inputs. */
export interface ActionState {
  ok: boolean;
  message: string | null;
  fieldErrors?: Record<string, string>;
  /** One-time values to show once (a minted key, say); never stored by the page. */
  reveal?: Record<string, string>;
}

export interface ActionScope {
  operator: Operator;
  ctx: DomainContext;
}

/**
 * The portal's counterpart of the API route wrapper: a signed-in operator with one of `roles` (checked here for a
 * clear message, and again by the domain verb), domain errors turned into messages a form can show, anything
 * unexpected logged and shown as a generic failure. Next's own redirects and not-found signals pass through.
 * Server actions accept only same-origin POSTs (Next compares Origin with Host), which is the portal's CSRF guard.
 */
export async function runAction(
  roles: readonly UserRole[] | 'any',
  // biome-ignore lint/suspicious/noConfusingVoidType: an action with nothing to say simply returns
  work: (scope: ActionScope) => Promise<Partial<ActionState> | void>,
): Promise<ActionState> {
  const t = await portalT('shell');
  try {
    const operator = await currentOperator();
    if (!operator) return { ok: false, message: t('action.sessionEnded') };
    if (roles !== 'any' && !roles.includes(operator.role)) {
      return { ok: false, message: t('action.roleRefused', { role: operator.role }) };
    }
    const result = await work({ operator, ctx: portalContext(operator) });
    return { ok: true, message: null, ...(result ?? {}) };
  } catch (error) {
    unstable_rethrow(error);
    return failure(error, t);
  }
}

const CONFIRM_MESSAGE = 'Tick the confirmation box to go ahead.';

/**
 * The portal's own messages in the operator's language. A domain verb's message stays as the Integration API
 * writes it (English, the same words an integrator reads).
 */
const PORTAL_MESSAGE_KEYS: Record<string, string> = {
  [CONFIRM_MESSAGE]: 'action.confirm',
  [SINGLE_LINE_MESSAGE]: 'action.singleLine',
  [INTERNAL_MESSAGE]: 'action.unexpected',
};

function failure(error: unknown, t: PortalTranslator): ActionState {
  const known = toServiceError(error, { requestId: newRequestId() });
  const say = (message: string) => (PORTAL_MESSAGE_KEYS[message] ? t(PORTAL_MESSAGE_KEYS[message]) : message);
  if (!(error instanceof ServiceError)) return { ok: false, message: say(known.message) };
  const fieldErrors: Record<string, string> = {};
  for (const f of error.options.fieldErrors ?? []) fieldErrors[f.field_id] = say(f.message);
  const field = error.options.details?.field;
  if (typeof field === 'string') fieldErrors[field] = say(error.message);
  return { ok: false, message: say(error.message), ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}) };
}

/** A form value as a trimmed string ('' when absent or a file). */
export const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * A single-line field a person typed (a name, a URL, a contact): trimmed, and refused with the form's field message
 * when it carries a line break or another control character. Call it inside runAction, which shows the message.
 */
export function formLine(form: FormData, name: string): string {
  const value = formText(form, name);
  if (!isSingleLineText(value))
    throw new ServiceError('VALIDATION_ERROR', SINGLE_LINE_MESSAGE, { details: { field: name } });
  return value;
}

/** Consequential actions carry the confirmation box; a POST without it changes nothing. */
export function requireConfirmation(form: FormData): void {
  if (formText(form, 'confirm') !== 'yes') {
    throw new ServiceError('VALIDATION_ERROR', CONFIRM_MESSAGE, {
      details: { field: 'confirm' },
    });
  }
}
