import { describe, expect, it } from 'vitest';
import { didOfKid, didWebUrl } from './did-web';

describe('didWebUrl', () => {
  it('derives a loopback development host with its port as plain http', () => {
    expect(didWebUrl('did:web:localhost%3A3000:issuers:acme')).toBe('http://localhost:3000/issuers/acme/did.json');
    expect(didWebUrl('did:web:127.0.0.1%3A4000:issuers:acme')).toBe('http://127.0.0.1:4000/issuers/acme/did.json');
  });

  it('derives every other host as https, with the base URL’s path segments', () => {
    expect(didWebUrl('did:web:example.com:sub:issuers:acme')).toBe('https://example.com/sub/issuers/acme/did.json');
    expect(didWebUrl('did:web:passports.example.com%3A8443:issuers:acme')).toBe(
      'https://passports.example.com:8443/issuers/acme/did.json',
    );
  });

  it('uses /.well-known/did.json for a bare host', () => {
    expect(didWebUrl('did:web:example.com')).toBe('https://example.com/.well-known/did.json');
  });

  it('does not take a host named like a loopback one for plain http', () => {
    expect(didWebUrl('did:web:localhost.example.com:issuers:acme')).toBe(
      'https://localhost.example.com/issuers/acme/did.json',
    );
  });

  it('refuses what is not a did:web DID with a host, and paths that climb', () => {
    for (const did of [
      'did:key:z6Mk',
      'did:web:',
      'did:web:exa mple.com:issuers:acme',
      'did:web:example.com%2Fevil:issuers:acme',
      'did:web:example.com:..:acme',
      'did:web:example.com:a%2Fb',
      'did:web:example.com%E0%A4%A',
    ]) {
      expect(() => didWebUrl(did), did).toThrow();
    }
  });
});

describe('didOfKid', () => {
  it('is the part of the kid before its fragment', () => {
    expect(didOfKid('did:web:example.com:issuers:acme#abc')).toBe('did:web:example.com:issuers:acme');
  });

  it('refuses a kid without a DID or a fragment', () => {
    for (const kid of [undefined, 'abc', 'did:web:example.com', 'did:web:example.com#', 'did:web:x#a#b']) {
      expect(() => didOfKid(kid), String(kid)).toThrow();
    }
  });
});
