import { ServiceError } from '../../errors';
import { formText } from '../action';

const invalid = (message: string, field: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { field } });

/** Every value of a repeated field (checkboxes), trimmed, empty ones dropped. */
export function formList(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A textarea of one entry per line (commas also separate), trimmed, empty lines dropped. */
export function formLines(form: FormData, name: string): string[] {
  return formText(form, name)
    .split(/[\n,]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** An optional whole number: absent or empty is undefined; anything else must be digits (the verb checks the range). */
export function formOptionalInt(form: FormData, name: string, message: string): number | undefined {
  const text = formText(form, name);
  if (text === '') return undefined;
  if (!/^\d{1,6}$/.test(text)) throw invalid(message, name);
  return Number(text);
}

/** `live` or `test`, as the mode radio sends it; `message` (in the operator's language) when it is neither. */
export function formMode(form: FormData, message = 'Choose live or test.', name = 'mode'): 'live' | 'test' {
  const mode = formText(form, name);
  if (mode !== 'live' && mode !== 'test') throw invalid(message, name);
  return mode;
}
