import { ServiceError } from '../errors';
import { unstorableTextAt } from '../integration/input';
import { type BmsUpdate, BmsUpdateBody } from './schemas';

/** Telemetry is small; a larger body is a device bug, refused before it is parsed. */
export const BMS_MAX_BODY_BYTES = 64 * 1024;

const badBody = (message: string) => new ServiceError('BAD_BODY', message);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where in the body a problem sits, as a firmware developer would write it (`lifetimeCounters.timeAtTempLowSec`). */
const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'body';

/**
 * The signed bytes as a BMS update, or 400 BAD_BODY: not UTF-8 JSON, not an object, a member name with NUL or an
 * unpaired surrogate, neither member present, a member of the wrong kind, a counter that is not a non-negative
 * number or null, an unknown member.
 */
export function parseBmsBody(rawBody: Uint8Array): BmsUpdate {
  if (rawBody.byteLength > BMS_MAX_BODY_BYTES) throw badBody(`The body exceeds ${BMS_MAX_BODY_BYTES} bytes.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(rawBody));
  } catch {
    throw badBody('The body is not valid JSON.');
  }
  if (!isPlainObject(parsed)) throw badBody('The body must be a JSON object.');
  // A dropped key is still named in rejectedKeys and the audit entry, so a member name PostgreSQL cannot store
  // refuses the body (a value that breaks its rules is only dropped).
  const unstorable = unstorableTextAt(parsed, { namesOnly: true });
  if (unstorable !== null)
    throw badBody(`${unstorable}: a member name may not contain U+0000 (NUL) or an unpaired UTF-16 surrogate.`);
  if (!('formDataPatch' in parsed) && !('lifetimeCounters' in parsed)) {
    throw badBody('The body must carry formDataPatch, lifetimeCounters or both.');
  }
  const result = BmsUpdateBody.safeParse(parsed);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw badBody(`Unknown member(s) in ${pathOf(issue.path)}: ${issue.keys.join(', ')}.`);
  }
  const where = pathOf(issue.path);
  if (where === 'formDataPatch') throw badBody('formDataPatch must be a JSON object keyed by field id.');
  if (where === 'lifetimeCounters') throw badBody('lifetimeCounters must be a JSON object.');
  const whole = where.endsWith('deepDischargeEvents') ? 'a non-negative whole number' : 'a non-negative number';
  throw badBody(`${where} must be ${whole} or null.`);
}
