import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withNonce } from './page-store';

// Nonces as the middleware makes them: 16 random bytes in base64. The stored pages themselves are tested through
// the stored-page route's answer (lib/server/passport-page.db.test.ts).
const newNonce = () => randomBytes(16).toString('base64');

describe('withNonce', () => {
  it('replaces every placeholder, leaves the rest byte for byte, and refuses a nonce of another length', () => {
    const placeholder = newNonce();
    const nonce = newNonce();
    const html = Buffer.from(`a${placeholder}ü${placeholder}€`, 'utf8');
    const out = withNonce(html, placeholder, nonce);
    expect(out.toString('utf8')).toBe(`a${nonce}ü${nonce}€`);
    expect(html.toString('utf8')).toBe(`a${placeholder}ü${placeholder}€`);
    expect(() => withNonce(html, placeholder, 'short')).toThrow();
  });
});
