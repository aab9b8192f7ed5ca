import { describe, expect, it } from 'vitest';
import { PUBLISHED_AT, publicPassport } from '../../../testing/public-passport';
import { chooseLink, linkTypeAnswer, relationOf } from './link-types';

const BASE = 'https://passports.example';
const passport = publicPassport({
  version: 2,
  product: { slug: 'vx-75', gtin: '04012345000009', serialNumber: 'S1', path: '/01/04012345000009/21/S1' },
  versions: [1, 2].map((version) => ({
    version,
    publishedAt: PUBLISHED_AT.toISOString(),
    sha256: 'ab'.repeat(32),
    byteLength: 10,
  })),
});
const api = `${BASE}/api/dpp/vx-75`;
const ask = (linkType: string, accept: string | null = null, query = '') =>
  linkTypeAnswer(passport, BASE, { linkType, query, accept });

describe('relationOf: the linkset relation a linkType names', () => {
  it('reads a GS1 link type as CURIE or in any spelling of its namespace', () => {
    for (const spelling of [
      'gs1:pip',
      'https://gs1.org/voc/pip',
      'https://ref.gs1.org/voc/pip',
      'https://www.gs1.org/voc/pip',
    ])
      expect(relationOf(spelling), spelling).toBe('https://gs1.org/voc/pip');
    expect(relationOf('dpp:snapshot')).toBe('https://w3id.org/batterypassportservice/ns/dpp/snapshot');
    expect(relationOf('describedby')).toBe('describedby');
  });
});

describe('linkTypeAnswer (GS1-Conformant resolver: SHALL redirect to the requested linkType if available)', () => {
  it('redirects to the one link of the type, passing the other query parameters on', () => {
    expect(ask('gs1:certificationInfo')).toEqual({ kind: 'redirect', location: `${api}/v/2/credential` });
    expect(ask('gs1:masterData', null, '?foo=bar')).toEqual({ kind: 'redirect', location: `${api}/aas?foo=bar` });
    expect(ask('describedby')).toEqual({ kind: 'redirect', location: `${api}/jsonld` });
  });

  it('redirects the viewer link types to the address itself, which then answers the viewer', () => {
    expect(ask('gs1:defaultLink')).toEqual({ kind: 'redirect', location: `${BASE}/01/04012345000009/21/S1` });
    expect(ask('gs1:pip', null, '?lang=en')).toEqual({
      kind: 'redirect',
      location: `${BASE}/01/04012345000009/21/S1?lang=en`,
    });
  });

  it('picks among several links of a type by Accept, else answers the choices (300)', () => {
    expect(ask('gs1:sustainabilityInfo', 'application/ld+json')).toEqual({
      kind: 'redirect',
      location: `${api}/jsonld`,
    });
    expect(ask('gs1:sustainabilityInfo', 'application/json')).toEqual({ kind: 'redirect', location: api });
    const choices = ask('gs1:sustainabilityInfo', '*/*');
    expect(choices.kind).toBe('choices');
    if (choices.kind === 'choices')
      expect(choices.linkset.linkset[0]['https://gs1.org/voc/sustainabilityInfo']).toHaveLength(2);
  });

  it('is 404 for a link type the passport has no link of (SHALL return 404 Not Found)', () => {
    for (const linkType of ['gs1:nosuchlt', 'gs1:recallStatus', 'anchor', 'itemDescription', 'nonsense'])
      expect(() => ask(linkType), linkType).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('chooseLink', () => {
  it('ignores media ranges refused with q=0', () => {
    const targets = [
      { href: 'a', type: 'application/json' },
      { href: 'b', type: 'application/ld+json' },
    ];
    expect(chooseLink(targets, 'application/json;q=0, application/ld+json')).toEqual(targets[1]);
    expect(chooseLink(targets, 'application/json, application/ld+json')).toBeNull();
  });
});
