import { describe, expect, it } from 'vitest';
import { containsPattern, mentions, newPseudonym, normaliseEmail, replaceMentions, subjectHashOf } from './subject';

describe('the data subject of a GDPR request', () => {
  it('is matched case-insensitively and without surrounding blanks', () => {
    expect(normaliseEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(subjectHashOf('Jane.Doe@Example.COM')).toBe(subjectHashOf('jane.doe@example.com'));
  });

  it('is recorded as a SHA-256 hex digest, never the address', () => {
    expect(subjectHashOf('jane@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(subjectHashOf('jane@example.com')).not.toContain('jane');
  });

  it('gets a fresh pseudonym per erasure that does not derive from the address', () => {
    const a = newPseudonym();
    expect(a).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    expect(newPseudonym()).not.toBe(a);
  });

  it('is found as a whole address in text, in any case, and not inside a longer address', () => {
    expect(mentions('Request from Jane@Example.com (repairer).', 'jane@example.com')).toBe(true);
    expect(mentions('<a href="mailto:jane@example.com">', 'jane@example.com')).toBe(true);
    expect(mentions('mary.jane@example.com', 'jane@example.com')).toBe(false);
    expect(mentions('jane@example.com.au', 'jane@example.com')).toBe(false);
    expect(mentions('jane@example.com.', 'jane@example.com')).toBe(true);
    expect(mentions(null, 'jane@example.com')).toBe(false);
  });

  it('is replaced everywhere it occurs in a text, the rest left as it was', () => {
    expect(
      replaceMentions(
        'To JANE@example.com and jane@example.com; cc mary.jane@example.com',
        'jane@example.com',
        'p@erased.invalid',
      ),
    ).toBe('To p@erased.invalid and p@erased.invalid; cc mary.jane@example.com');
  });

  it('escapes LIKE wildcards of an address', () => {
    expect(containsPattern('A_b%c@x.io')).toBe('%a\\_b\\%c@x.io%');
  });
});
