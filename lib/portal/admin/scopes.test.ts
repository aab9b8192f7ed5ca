import { describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../i18n/portal-messages';
import { ALL_SCOPES, SCOPES } from '../../integration/scopes';
import { scopeDescription } from './scopes';

describe('scopeDescription', () => {
  it('reads English from the scope table, and the English messages keep the same words for every scope', () => {
    expect(scopeDescription('dpp:read', 'en')).toBe(SCOPES['dpp:read'].description);
    // The German messages are checked against the English ones key for key; these keep them in step with SCOPES.
    expect(PORTAL_MESSAGES.en.admin.scopes).toEqual(
      Object.fromEntries(ALL_SCOPES.map((scope) => [scope, SCOPES[scope].description])),
    );
  });

  it('describes every scope in German', () => {
    for (const scope of ALL_SCOPES) {
      expect(scopeDescription(scope, 'de'), scope).not.toBe(SCOPES[scope].description);
    }
    expect(scopeDescription('gdpr:admin', 'de')).toBe('Betroffenenanfragen (DSGVO) bearbeiten.');
  });
});
