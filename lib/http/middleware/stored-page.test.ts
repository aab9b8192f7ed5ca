import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONTENT_ENCODING_HEADER, CONTENT_LENGTH_HEADER } from '../../route-framing';
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

  it('a stored page goes as its stored gzip bytes to a browser that accepts gzip, with their own ETag and 304, and unpacked to one that does not', async () => {
    const html = Buffer.from('<html>ü</html>', 'utf8');
    const gz = gzipSync(html);
    const sha256 = createHash('sha256').update(gz).digest('hex');
    const stored = { ...page({ vary: 'rsc' }), gzip: { bytes: gz, sha256 } };
    const asked = (headers: Record<string, string>) =>
      storedPageResponse({ headers: new Headers(headers) }, stored, linkset);

    const zipped = asked({ 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get(CONTENT_ENCODING_HEADER)).toBe('gzip');
    expect(zipped.headers.get(CONTENT_LENGTH_HEADER)).toBe(String(gz.length));
    expect(zipped.headers.get('ETag')).toBe(`"${sha256}"`);
    expect(zipped.headers.get('Vary')).toBe('rsc, Accept, Accept-Language, Cookie, Accept-Encoding');
    expect(Buffer.from(await zipped.arrayBuffer()).equals(gz)).toBe(true);
    const again = asked({ 'Accept-Encoding': 'gzip', 'If-None-Match': `"${sha256}"` });
    expect(again.status).toBe(304);
    expect(again.headers.get(CONTENT_ENCODING_HEADER)).toBeNull();

    // Each encoding is its own representation: the other one's ETag does not match.
    const identityEtag = `"${createHash('sha256').update(html).digest('hex')}"`;
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0, br', 'br']) {
      const plain = asked(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {});
      expect(plain.headers.get(CONTENT_ENCODING_HEADER), acceptEncoding).toBeNull();
      expect(plain.headers.get('ETag'), acceptEncoding).toBe(identityEtag);
      expect(plain.headers.get('Vary'), acceptEncoding).toContain('Accept-Encoding');
      expect(Buffer.from(await plain.arrayBuffer()).equals(html), acceptEncoding).toBe(true);
    }
    expect(asked({ 'Accept-Encoding': 'gzip', 'If-None-Match': identityEtag }).status).toBe(200);
    expect(asked({ 'If-None-Match': `"${sha256}"` }).status).toBe(200);
  });

  it('a 404 page gets the not-found row and no validator; any other status is no-store', () => {
    const missing = storedPageResponse(anonymous, { ...page({}), status: 404 }, linkset);
    expect(missing.headers.get('Cache-Control')).toBe(CACHING['not-found'].cacheControl);
    expect(missing.headers.get('ETag')).toBeNull();
    const failed = storedPageResponse(anonymous, { ...page({}), status: 500 }, linkset);
    expect(failed.headers.get('Cache-Control')).toBe('no-store');
  });
});
