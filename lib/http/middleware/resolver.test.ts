import { describe, expect, it } from 'vitest';
import {
  acceptedTypes,
  linksetLinkHeader,
  negotiate,
  resolverDecision,
  resolverOptionsResponse,
  robotsHeaders,
} from './resolver';

// The resolver's HTTP side on its own; lib/server/resolver.test.ts runs it on the passport addresses it is wired with.
const BASE = 'https://passports.example';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** An address scheme of the test's own: `/item/{n}` names item n, `/item/` with anything else names nothing. */
const items = {
  parse: (pathname: string) => {
    const match = /^\/item\/(.*)$/.exec(pathname);
    if (!match) return null;
    return { key: /^[0-9]+$/.test(match[1]) ? Number(match[1]) : null };
  },
};
const decide = (path: string, accept: string | null, method = 'GET') =>
  resolverDecision(method, new URL(`http://internal:3000${path}`), new Headers(accept ? { accept } : {}), BASE, items);

describe('acceptedTypes', () => {
  it('lists the media ranges asked for, lower-cased, without those refused by q=0', () => {
    expect([...acceptedTypes('Application/LD+JSON;q=0.9, text/html;q=0, */*;q=0.1')]).toEqual([
      'application/ld+json',
      '*/*',
    ]);
    expect([...acceptedTypes(null)]).toEqual([]);
  });
});

describe('negotiate: which representation a resolver request gets', () => {
  it.each([
    ['a browser', null, BROWSER, 'page'],
    ['a browser even when it also lists JSON-LD first', null, 'application/ld+json, text/html;q=0.1', 'page'],
    ['application/xhtml+xml counts as a browser', null, 'application/xhtml+xml, application/ld+json', 'page'],
    ['*/* alone', null, '*/*', 'page'],
    ['no Accept at all', null, null, 'page'],
    ['application/json (the viewer, not a document it did not ask for)', null, 'application/json', 'page'],
    ['application/ld+json', null, 'application/ld+json', 'jsonld'],
    ['JSON-LD preferred, HTML refused with q=0', null, 'application/ld+json, text/html;q=0', 'jsonld'],
    ['application/linkset+json', null, 'application/linkset+json', 'linkset'],
    [
      'linkset over JSON-LD when both are asked',
      null,
      'application/ld+json, application/linkset+json;q=0.5',
      'linkset',
    ],
    ['application/aas+json (the Asset Administration Shell)', null, 'application/aas+json', 'aas'],
    ['the AAS over JSON-LD when both are asked', null, 'application/ld+json, application/aas+json;q=0.5', 'aas'],
    ['the linkset over the AAS when both are asked', null, 'application/aas+json, application/linkset+json', 'linkset'],
    ['a browser listing the AAS still gets the viewer', null, 'text/html, application/aas+json', 'page'],
    ['?linkType=linkset over a browser Accept', 'linkset', BROWSER, 'linkset'],
    ['?linkType=linkset over an ld+json Accept', 'linkset', 'application/ld+json', 'linkset'],
    ['?linkType=all (GS1 resolver 1.0 spelling)', 'all', null, 'linkset'],
    ['another linkType is looked up among the links', 'gs1:pip', 'application/ld+json', 'linktype'],
    ['an unknown linkType too (its lookup answers 404)', 'gs1:nosuchlt', BROWSER, 'linktype'],
    ['an empty linkType counts as none', '', 'application/ld+json', 'jsonld'],
  ])('%s', (_what, linkType, accept, expected) => {
    expect(negotiate(linkType, accept)).toBe(expected);
  });
});

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' };

describe('resolverDecision', () => {
  const link = (path: string) => `<${BASE}${path}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;

  it('hands back the key the domain read from the address, untouched, or null when the address names nothing; the page varies on Accept-Language too (it speaks the reader’s language)', () => {
    expect(decide('/item/42', BROWSER)).toEqual({
      kind: 'page',
      key: 42,
      headers: { Link: link('/item/42'), Vary: 'Accept, Accept-Language', ...CORS },
    });
    expect(decide('/item/x', BROWSER)).toEqual({
      kind: 'page',
      key: null,
      headers: { Link: link('/item/x'), Vary: 'Accept, Accept-Language', ...CORS },
    });
    expect(decide('/item/42', 'application/ld+json')).toMatchObject({ kind: 'rewrite', target: 'jsonld' });
    expect(decide('/item/42', 'application/aas+json')).toMatchObject({
      kind: 'rewrite',
      target: 'aas',
      internalPath: '/api/resolver/aas',
    });
  });

  it('leaves paths the domain does not claim and other methods alone, and closes the internal routes anyway', () => {
    expect(decide('/other/42', 'application/ld+json')).toEqual({ kind: 'none' });
    expect(decide('/item/42', 'application/ld+json', 'POST')).toEqual({ kind: 'none' });
    expect(decide('/api/resolver/jsonld', 'application/ld+json')).toEqual({ kind: 'internal' });
  });

  it('answers OPTIONS on every address, a valid key or not (GS1 resolver: GET, HEAD and OPTIONS with CORS)', () => {
    expect(decide('/item/42', null, 'OPTIONS')).toEqual({
      kind: 'options',
      headers: { Link: link('/item/42'), Vary: 'Accept', ...CORS },
    });
    expect(decide('/item/x', null, 'OPTIONS')).toMatchObject({ kind: 'options' });
    expect(decide('/other/42', null, 'OPTIONS')).toEqual({ kind: 'none' });
  });

  it('gives HEAD the same decision as GET', () => {
    expect(decide('/item/42', 'application/ld+json', 'HEAD')).toEqual(decide('/item/42', 'application/ld+json'));
    expect(decide('/item/42', BROWSER, 'HEAD')).toEqual(decide('/item/42', BROWSER));
  });

  it('keeps the Link path as requested, still percent-encoded, under the base address', () => {
    expect(linksetLinkHeader(`${BASE}/`, '/item/AB%2F12')).toBe(link('/item/AB%2F12'));
  });
});

describe('resolverOptionsResponse', () => {
  it('is 204 without a body, with Allow, the CORS methods and the headers it was given', async () => {
    const response = resolverOptionsResponse({ Link: '<x>; rel="linkset"', ...CORS });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('Accept');
    expect(response.headers.get('Link')).toBe('<x>; rel="linkset"');
  });
});

describe('robotsHeaders', () => {
  it('is noindex for a page kept out of search indexes, and nothing otherwise', () => {
    expect(robotsHeaders(true)).toEqual({ 'X-Robots-Tag': 'noindex' });
    expect(robotsHeaders(false)).toEqual({});
  });
});
