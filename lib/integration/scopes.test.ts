import { describe, expect, it } from 'vitest';
import { GRANTABLE_SCOPES, keyHasScope, PRIVILEGED_SCOPES, SCOPES, validateScopeSet } from './scopes';

describe('the scope table', () => {
  it('holds the contract’s fifteen grantable (the import scopes of the second wave included), dpp:handover (Art. 77(7) handover) and two privileged scopes, each described', () => {
    expect(GRANTABLE_SCOPES).toEqual([
      'dpp:read',
      'dpp:draft:write',
      'dpp:gate:read',
      'dpp:submit',
      'dpp:withdraw',
      'dpp:handover',
      'document:write',
      'category:read',
      'schema:read',
      'supplier:read',
      'mapping:read',
      'mapping:write',
      'import:write',
      'import:read',
      'webhook:read',
      'webhook:write',
    ]);
    expect(PRIVILEGED_SCOPES).toEqual(['keys:admin', 'gdpr:admin']);
    for (const spec of Object.values(SCOPES)) expect(spec.description.length).toBeGreaterThan(10);
    expect(Object.keys(SCOPES).some((s) => /publish|ai/.test(s))).toBe(false);
  });
});

describe('validateScopeSet', () => {
  it('accepts any non-empty set of grantable scopes', () => {
    expect(validateScopeSet(['dpp:read'])).toEqual([]);
    expect(validateScopeSet(GRANTABLE_SCOPES, { mode: 'TEST' })).toEqual([]);
  });

  it('refuses empty, unknown and repeated scopes', () => {
    expect(validateScopeSet([])).toEqual(['A key needs at least one scope.']);
    expect(validateScopeSet(['dpp:read', 'dpp:publish']).join()).toMatch(/Unknown scope\(s\): dpp:publish/);
    expect(validateScopeSet(['dpp:read', 'dpp:read']).join()).toMatch(/more than once: dpp:read/);
  });

  it('keeps privileged scopes to privileged channels', () => {
    expect(validateScopeSet(['keys:admin']).join()).toMatch(/privileged/);
    expect(validateScopeSet(['keys:admin'], { allowPrivileged: true })).toEqual([]);
    expect(validateScopeSet(['gdpr:admin'], { allowPrivileged: true, mode: 'LIVE' })).toEqual([]);
  });

  it('requires each privileged scope to be alone on its key', () => {
    expect(validateScopeSet(['keys:admin', 'dpp:read'], { allowPrivileged: true }).join()).toMatch(
      /keys:admin must be the only scope/,
    );
    const both = validateScopeSet(['keys:admin', 'gdpr:admin'], { allowPrivileged: true });
    expect(both).toHaveLength(2);
  });

  it('keeps gdpr:admin to live keys', () => {
    expect(validateScopeSet(['gdpr:admin'], { allowPrivileged: true, mode: 'TEST' }).join()).toMatch(
      /only available on live keys/,
    );
    expect(validateScopeSet(['keys:admin'], { allowPrivileged: true, mode: 'TEST' })).toEqual([]);
  });

  it('grants exactly the listed scopes', () => {
    expect(keyHasScope(['dpp:read'], 'dpp:read')).toBe(true);
    expect(keyHasScope(['keys:admin'], 'dpp:read')).toBe(false);
  });
});
