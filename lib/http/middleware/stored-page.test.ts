import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CACHING } from '../caching';
import { newNonce } from './security-headers';
import { PAGE_NONCE_HEADER, PAGE_RENDER_HEADER, pageRenderToken, renderNonce, storedPageResponse } from './stored-page';

// Which requests the stored pages answer, on the passport addresses, is tested in lib/server/stored-page.test.ts.

describe('renderNonce', () => {
  it("is the placeholder nonce of a request carrying this process's render token, and null otherwise", () => {
    const nonce = newNonce();
    const headers = (token: string, n = nonce) => new Headers({ [PAGE_RENDER_HEADER]: token, [PAGE_NONCE_HEADER]: n });
    expect(renderNonce(headers(pageRenderToken()))).toBe(nonce);
    expect(renderNonce(headers('0'.repeat(64)))).toBeNull();
    expect(renderNonce(headers(`${pageRenderToken()}0`))).toBeNull();
    expect(renderNonce(new Headers({ [PAGE_NONCE_HEADER]: nonce }))).toBeNull();
    // Only a nonce of the service's own form: nothing that could break out of the policy.
    expect(renderNonce(headers(pageRenderToken(), "abc' 'unsafe-inline"))).toBeNull();
  });
});

describe('storedPageResponse', () => {
  const anonymous = { headers: new Headers() };
  const linkset = '<https://passports.example/dpp/x?linkType=linkset>; rel="linkset"; type="application/linkset+json"';
  const page = (headers: Record<string, string>, noindex = false) => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    bytes: Buffer.from('<html>ü</html>', 'utf8'),
    noindex,
  });

  it("sends the page's bytes and headers, with Link as the linkset first and then the page's own preloads", async () => {
    const response = storedPageResponse(anonymous, page({ link: '</a.css>; rel=preload; as="style"' }), linkset);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Link')).toBe(`${linkset}, </a.css>; rel=preload; as="style"`);
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe('<html>ü</html>');
  });

  it('sends the linkset alone when the page has no preloads, and noindex for a page kept out of indexes', () => {
    const response = storedPageResponse(anonymous, page({}, true), linkset);
    expect(response.headers.get('Link')).toBe(linkset);
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
  });

  it("a shared cache may keep it (the caching table's page row), with a strong ETag, Vary: Accept, Accept-Language, Cookie beside the render's own, and a bodiless 304", async () => {
    const response = storedPageResponse(anonymous, page({ vary: 'rsc, Accept-Encoding' }), linkset);
    expect(response.headers.get('Cache-Control')).toBe(CACHING.page.cacheControl);
    expect(response.headers.get('Vary')).toBe('rsc, Accept-Encoding, Accept, Accept-Language, Cookie');
    // As the page renders it (Next.js's router headers first), short enough for nginx to keep it (128 bytes at most).
    const rendered = page({
      vary: 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding',
    });
    expect(storedPageResponse(anonymous, rendered, linkset).headers.get('Vary')!.length).toBeLessThanOrEqual(128);
    const etag = response.headers.get('ETag')!;
    expect(etag).toBe(`"${createHash('sha256').update('<html>ü</html>', 'utf8').digest('hex')}"`);
    const again = storedPageResponse({ headers: new Headers({ 'If-None-Match': etag }) }, page({}), linkset);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe(CACHING.page.cacheControl);
  });

  it('a 404 page gets the not-found row and no validator; any other status is no-store', () => {
    const missing = storedPageResponse(anonymous, { ...page({}), status: 404 }, linkset);
    expect(missing.headers.get('Cache-Control')).toBe(CACHING['not-found'].cacheControl);
    expect(missing.headers.get('ETag')).toBeNull();
    const failed = storedPageResponse(anonymous, { ...page({}), status: 500 }, linkset);
    expect(failed.headers.get('Cache-Control')).toBe('no-store');
  });
});
