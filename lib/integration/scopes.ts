import type { Mode } from '../db/generated/enums';

interface ScopeSpec {
  description: string;
  /** Minted only through the operator's privileged channels, and always alone on a key. */
  privileged: boolean;
  /** Refused on sandbox (`pk_test_`) keys. */
  liveOnly: boolean;
}

const grantable = (description: string): ScopeSpec => ({ description, privileged: false, liveOnly: false });

/** The one scope table: the key picker, the mint checks, the route wrapper and the docs all read it. */
export const SCOPES = {
  'dpp:read': grantable('Read products, traceability, components, GS1 prefixes, document metadata and download URLs.'),
  'dpp:draft:write': grantable('Create and edit drafts: form data, traceability, components, GS1 prefixes.'),
  'dpp:gate:read': grantable('Read the publish gate and the readiness report.'),
  'dpp:submit': grantable('Submit a draft for review.'),
  'dpp:withdraw': grantable('Withdraw a published passport.'),
  'dpp:handover': grantable(
    'Hand a published passport over to another operator (Art. 77(7)); list, accept and decline handovers.',
  ),
  'document:write': grantable('Upload evidence documents.'),
  'category:read': grantable('Read industries and battery categories.'),
  'schema:read': grantable('Read category field schemas, schema diffs and schema compatibility.'),
  'supplier:read': grantable('Read suppliers.'),
  'mapping:read': grantable('Read ERP field mappings.'),
  'mapping:write': grantable('Create, update and delete ERP field mappings.'),
  'import:write': grantable('Upload ERP files as import jobs, cancel them and submit the drafts they made.'),
  'import:read': grantable('Read import jobs, their progress and their row errors.'),
  'webhook:read': grantable('Read webhook endpoints and their deliveries.'),
  'webhook:write': grantable('Create, update, delete and rotate webhook endpoints; redeliver events.'),
  'keys:admin': { description: 'Manage API keys under /api/v1/keys.', privileged: true, liveOnly: false },
  'gdpr:admin': { description: 'Run data-subject (GDPR) requests.', privileged: true, liveOnly: true },
} as const satisfies Record<string, ScopeSpec>;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];
export const GRANTABLE_SCOPES = ALL_SCOPES.filter((s) => !SCOPES[s].privileged);
export const PRIVILEGED_SCOPES = ALL_SCOPES.filter((s) => SCOPES[s].privileged);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && Object.hasOwn(SCOPES, value);
}

export interface ScopeSetOptions {
  /** True only for the operator's privileged channels (the portal's admin-key dialog, the admin CLI). */
  allowPrivileged?: boolean;
  /** When given, live-only scopes are refused on sandbox keys. */
  mode?: Mode;
}

/** Every reason the set cannot go on one key; an empty list means it can. */
export function validateScopeSet(
  scopes: readonly string[],
  { allowPrivileged = false, mode }: ScopeSetOptions = {},
): string[] {
  const errors: string[] = [];
  if (scopes.length === 0) errors.push('A key needs at least one scope.');
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) errors.push(`Unknown scope(s): ${unknown.join(', ')}.`);
  const known = scopes.filter(isScope);
  const duplicates = known.filter((s, i) => known.indexOf(s) !== i);
  if (duplicates.length > 0) errors.push(`Scope(s) listed more than once: ${[...new Set(duplicates)].join(', ')}.`);
  for (const scope of new Set(known.filter((s) => SCOPES[s].privileged))) {
    if (!allowPrivileged) errors.push(`${scope} is a privileged scope and can only be minted by an administrator.`);
    else if (new Set(scopes).size > 1) errors.push(`${scope} must be the only scope on its key.`);
    if (SCOPES[scope].liveOnly && mode === 'TEST') errors.push(`${scope} is only available on live keys.`);
  }
  return errors;
}

/** Whether a key's scopes grant `needed`; privileged scopes grant only themselves. */
export function keyHasScope(keyScopes: readonly string[], needed: Scope): boolean {
  return keyScopes.includes(needed);
}
