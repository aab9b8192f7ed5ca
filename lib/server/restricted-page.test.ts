import { describe, expect, it } from 'vitest';
import { resolverDecision } from '../http/middleware/resolver';
import { restrictedPageHeaders } from '../http/middleware/restricted-page';
import { passportResolver } from './resolver';

const BASE = 'http://localhost:3000';
const GRANT = 'theme=dark; bps_poli_0b7d5a3e1c2f4a5b9c8d7e6f5a4b3c2d=abc';

function decide(method: string, path: string, cookie: string | null, accept = 'text/html') {
  const url = new URL(path, BASE);
  const resolver = resolverDecision(method, url, new Headers({ accept }), BASE, passportResolver);
  return restrictedPageHeaders({ method, pathname: url.pathname, cookie }, resolver, passportResolver);
}

const PRIVATE = { 'Cache-Control': 'private, no-store', Vary: 'Accept, Accept-Language, Cookie' };

describe('Cache-Control of a passport page with a grant cookie', () => {
  it('is private, no-store (varying on Cookie) on the viewer pages (GS1 and slug addresses) and their form posts', () => {
    for (const path of [
      '/01/09506000134352',
      '/01/09506000134352/21/SN-1',
      '/01/09506000134352/10/B1',
      '/dpp/some-slug',
    ]) {
      expect(decide('GET', path, GRANT), path).toEqual(PRIVATE);
    }
    expect(decide('HEAD', '/dpp/some-slug', GRANT)).toEqual(PRIVATE);
    expect(decide('POST', '/dpp/some-slug', GRANT)).toEqual(PRIVATE);
  });

  it('is left to the route without a grant cookie, on the resolver JSON answers and on other paths', () => {
    expect(decide('GET', '/dpp/some-slug', 'theme=dark')).toEqual({});
    expect(decide('GET', '/dpp/some-slug', null)).toEqual({});
    expect(decide('GET', '/01/09506000134352', GRANT, 'application/ld+json')).toEqual({});
    expect(decide('GET', '/01/09506000134352?linkType=linkset', GRANT)).toEqual({});
    expect(decide('GET', '/api/dpp/some-slug', GRANT)).toEqual({});
    expect(decide('GET', '/poli/verified', GRANT)).toEqual({});
  });
});
