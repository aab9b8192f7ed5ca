import type { z } from 'zod';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { isStorableText } from '../storable-text';

export { isStorableText };

/**
 * Path parameters other than ids (a category code): one that is not storable text names nothing, so 404
 * NOT_FOUND, answered before it reaches a query. Ids are judged by parseId (400 INVALID_ID).
 */
export function requireStorablePathParameters(params: unknown): void {
  if (params === null || typeof params !== 'object') return;
  for (const [name, value] of Object.entries(params)) {
    if (name !== 'id' && typeof value === 'string' && !isStorableText(value))
      throw new ServiceError('NOT_FOUND', `No resource has this ${name}.`);
  }
}

/** A path id: 400 INVALID_ID unless it is a UUID, so a malformed id never reaches a query. */
export function parseId(value: string | undefined, what = 'resource'): string {
  if (typeof value !== 'string' || !isUuid(value))
    throw new ServiceError('INVALID_ID', `The ${what} id is not a valid UUID.`);
  return value.toLowerCase();
}

/** zod issues as `details.issues`, naming each member and what is wrong, never the value sent. */
export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    code: issue.code,
    message: issue.message,
  }));
}

function validationError(where: string, error: z.ZodError): ServiceError {
  const issues = issuesOf(error);
  const summary = issues
    .slice(0, 3)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  return new ServiceError('VALIDATION_ERROR', `The ${where} is not valid: ${summary}.`, { details: { issues } });
}

interface Visit {
  value: unknown;
  name: string;
  parent: Visit | null;
}

/** `a.b.0.c` of a visited member; only built for the one reported, so deep nesting costs no path strings. */
function pathOf(visit: Visit): string {
  const names: string[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) names.push(v.name);
  const path = names.reverse();
  return (path.length > 12 ? ['…', ...path.slice(-12)] : path).join('.') || '(root)';
}

/**
 * The path of the first member name or string that is not storable text, or null (`namesOnly`: member names
 * alone). Walked with an explicit stack like the companyId check, so no nesting depth overflows it.
 */
export function unstorableTextAt(root: unknown, { namesOnly = false } = {}): string | null {
  const pending: Visit[] = [{ value: root, name: '', parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!namesOnly && !isStorableText(value)) return pathOf(visit);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [name, member] of Object.entries(value)) {
      const child: Visit = { value: member, name, parent: visit };
      if (!isStorableText(name)) return pathOf(child);
      pending.push(child);
    }
  }
  return null;
}

const UNSTORABLE_MESSAGE = 'Text may not contain U+0000 (NUL) or an unpaired UTF-16 surrogate.';

function unstorableText(where: string, path: string): ServiceError {
  return new ServiceError('VALIDATION_ERROR', `The ${where} is not valid: ${path}: ${UNSTORABLE_MESSAGE}`, {
    details: { issues: [{ path, code: 'invalid_text', message: UNSTORABLE_MESSAGE }] },
  });
}

/**
 * The tenant comes from the key: a body naming `companyId` anywhere is refused rather than ignored. Walked with
 * an explicit stack, so no nesting depth (JSON.parse accepts thousands of levels) lets one slip through.
 */
function carriesCompanyId(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (!Array.isArray(value) && Object.hasOwn(value, 'companyId')) return true;
    for (const member of Object.values(value)) pending.push(member);
  }
  return false;
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/**
 * The JSON body of a write: 400 MALFORMED_BODY when it is missing, not JSON-typed or not an object, 400
 * INVALID_JSON when it does not parse, 400 VALIDATION_ERROR (details.issues) when the schema refuses it.
 */
export function parseJsonBody<T>(raw: Uint8Array, contentType: string | null, schema: z.ZodType<T>): T {
  if (new TextDecoder().decode(raw).trim() === '')
    throw new ServiceError('MALFORMED_BODY', 'This request needs a JSON object body.');
  if (contentType && !JSON_TYPE.test(contentType)) {
    throw new ServiceError('MALFORMED_BODY', 'Send the body as Content-Type: application/json.');
  }
  let value: unknown;
  try {
    // JSON is UTF-8 (RFC 8259): bytes that are not UTF-8 do not parse, rather than becoming U+FFFD.
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ServiceError('INVALID_JSON', 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ServiceError('MALFORMED_BODY', 'The request body must be a JSON object.');
  }
  const unstorable = unstorableTextAt(value);
  if (unstorable !== null) throw unstorableText('request body', unstorable);
  if (carriesCompanyId(value)) {
    throw new ServiceError('VALIDATION_ERROR', 'companyId is never accepted: the company is the one of the API key.', {
      details: { issues: [{ path: 'companyId', code: 'not_allowed', message: 'The company comes from the API key.' }] },
    });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError('request body', parsed.error);
  return parsed.data;
}

/** A write that takes no body: nothing, or an empty JSON object. */
export function requireNoBody(raw: Uint8Array): void {
  const text = new TextDecoder().decode(raw).trim();
  if (text === '' || /^\{\s*\}$/.test(text)) return;
  throw new ServiceError('MALFORMED_BODY', 'This request takes no body.');
}

/** Query parameters (each named once) through the endpoint's schema. */
export function parseQuery<T>(url: URL, schema: z.ZodType<T>): T {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(query, name)) {
      throw new ServiceError('VALIDATION_ERROR', `The query parameter ${name} is given more than once.`, {
        details: { issues: [{ path: name, code: 'duplicate', message: 'Given more than once.' }] },
      });
    }
    if (!isStorableText(name) || !isStorableText(value))
      throw unstorableText('query string', isStorableText(name) ? name : '(name)');
    query[name] = value;
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw validationError('query string', parsed.error);
  return parsed.data;
}
