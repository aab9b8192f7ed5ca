import { randomInt } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/lib/i18n/locales';
import { createPublishedPassport, createTestCompany } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { systemActor } from '../domain/context';
import { passportPath } from '../gs1/digital-link';
import { withCheckDigit } from '../gs1/gtin';
import { CACHING } from '../http/caching';
import { newNonce } from '../http/middleware/security-headers';
import { withdrawProduct } from '../passport/lifecycle';
import type { RenderedPage } from '../passport/public/representations';
import { CONTENT_ENCODING_HEADER } from '../route-framing';
import { servePassportPage } from './passport-page';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterAll(() => disconnectPrisma());

const BUILD = 'build-1';

/** A stand-in for the renderer: a page as lib/server/page-render.ts hands it over, its scripts named by hash. */
function fakeRenderer(status = 200) {
  return vi.fn(async (path: string): Promise<RenderedPage> => {
    const html = `<html><head><script>load()</script></head><body>${path} <script>self.__next_f.push([1])</script> Ü €</body></html>`;
    return {
      status,
      nonce: newNonce(),
      html: Buffer.from(html, 'utf8'),
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
        link: '</a.css>; rel=preload; as="style"',
        'content-security-policy': POLICY,
      },
    };
  });
}
const POLICY = "script-src 'self' 'sha256-x' 'strict-dynamic'";

async function serialised() {
  const gtin = withCheckDigit(`0400${String(randomInt(0, 1e9)).padStart(9, '0')}`);
  const product = await createPublishedPassport(prisma, { companyId, gtin, serialNumber: `SN-${randomInt(0, 1e9)}` });
  return { ...product, path: passportPath(product) };
}

const stored = (path: string, locale: Locale = 'en') =>
  prisma.publicPage.findUnique({ where: { path_locale: { path, locale } } });

async function view(path: string, render: ReturnType<typeof fakeRenderer>, build = BUILD, headers = new Headers()) {
  const response = await servePassportPage({ headers }, path, 'en', { build, render });
  return { response, html: await response.text() };
}

describe('stored passport pages', () => {
  it('the first view renders and stores the page; the next is served from the store, the same bytes and headers, cacheable, 304 on its ETag', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    const first = await view(passport.path, render);
    expect(render).toHaveBeenCalledOnce();
    expect(first.response.status).toBe(200);
    const row = await stored(passport.path);
    expect(row).toMatchObject({ productId: passport.id, revision: passport.revision, build: BUILD });

    const second = await view(passport.path, render);
    expect(render).toHaveBeenCalledOnce();
    expect(second.response.status).toBe(200);
    expect(second.html).toBe(first.html);
    expect([...second.response.headers]).toEqual([...first.response.headers]);
    expect(second.response.headers.get('Link')).toBe(
      `<http://localhost:3000${passport.path}?linkType=linkset>; rel="linkset"; type="application/linkset+json", ` +
        `</a.css>; rel=preload; as="style"`,
    );
    expect(second.response.headers.get('Content-Security-Policy')).toBe(POLICY);
    expect(second.response.headers.get('Cache-Control')).toBe(CACHING.page.cacheControl);
    expect(second.response.headers.get('X-Robots-Tag')).toBeNull();
    const etag = second.response.headers.get('ETag')!;
    const revalidated = await view(passport.path, render, BUILD, new Headers({ 'If-None-Match': etag }));
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.html).toBe('');
  });

  it('a browser that accepts gzip gets the page as it is stored, gzip bytes and their own ETag, from the first view on; one that does not gets the HTML', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    const gzip = new Headers({ 'Accept-Encoding': 'gzip, deflate, br' });
    const first = await servePassportPage({ headers: gzip }, passport.path, 'en', { build: BUILD, render });
    const second = await servePassportPage({ headers: gzip }, passport.path, 'en', { build: BUILD, render });
    expect(render).toHaveBeenCalledOnce();
    const row = (await stored(passport.path))!;
    for (const answer of [first, second]) {
      expect(answer.headers.get(CONTENT_ENCODING_HEADER)).toBe('gzip');
      expect(answer.headers.get('ETag')).toBe(`"${row.sha256}"`);
      expect(answer.headers.get('Vary')).toContain('Accept-Encoding');
      const body = Buffer.from(await answer.arrayBuffer());
      expect(body.equals(Buffer.from(row.html))).toBe(true);
      expect(gunzipSync(body).toString('utf8')).toContain(passport.serialNumber);
    }
    expect([...second.headers]).toEqual([...first.headers]);
    const plain = await view(passport.path, render);
    expect(plain.response.headers.get(CONTENT_ENCODING_HEADER)).toBeNull();
    expect(plain.response.headers.get('ETag')).not.toBe(`"${row.sha256}"`);
    expect(plain.html).toBe(gunzipSync(row.html).toString('utf8'));
    const revalidated = await servePassportPage(
      { headers: new Headers({ 'Accept-Encoding': 'gzip', 'If-None-Match': `"${row.sha256}"` }) },
      passport.path,
      'en',
      { build: BUILD, render },
    );
    expect(revalidated.status).toBe(304);
  });

  it('stores the slug address too, and renders every other spelling of an address without storing it', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    const slugPath = `/dpp/${passport.slug}`;
    await view(slugPath, render);
    await view(slugPath, render);
    expect(render).toHaveBeenCalledOnce();
    const respelled = passport.path.replace('/21/SN-', '/21/%53N-');
    await view(respelled, render);
    await view(respelled, render);
    expect(render).toHaveBeenCalledTimes(3);
    expect(await stored(respelled)).toBeNull();
  });

  it('any change to the product makes the stored page stale at once: the next view renders it again', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    await view(passport.path, render);
    await prisma.product.update({
      where: { id: passport.id },
      data: { formData: { ...(passport.formData as object), current_soh_pct: 71 } },
    });
    await view(passport.path, render);
    expect(render).toHaveBeenCalledTimes(2);
    expect((await stored(passport.path))!.revision).toBeGreaterThan(passport.revision);
  });

  it('a withdrawn passport is rendered on every view, marked noindex, and its stored page is never served again', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    await view(passport.path, render);
    await withdrawProduct({
      ctx: { companyId, actor: systemActor('test') },
      input: { productId: passport.id, reason: 'Recall' },
    });
    const after = await view(passport.path, render);
    await view(passport.path, render);
    expect(render).toHaveBeenCalledTimes(3);
    expect(after.response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect((await stored(passport.path))!.revision).toBe(passport.revision);
  });

  it('another build, another base address or bytes that no longer match their hash render the page again', async () => {
    const passport = await serialised();
    const render = fakeRenderer();
    await view(passport.path, render);
    await view(passport.path, render, 'build-2');
    expect(render).toHaveBeenCalledTimes(2);
    await prisma.$executeRaw`UPDATE "PublicPage" SET "baseUrl" = 'https://elsewhere.example' WHERE "path" = ${passport.path}`;
    await view(passport.path, render, 'build-2');
    expect(render).toHaveBeenCalledTimes(3);
    await prisma.$executeRaw`UPDATE "PublicPage" SET "html" = "html" || '\\x00'::bytea WHERE "path" = ${passport.path}`;
    const tampered = await view(passport.path, render, 'build-2');
    expect(render).toHaveBeenCalledTimes(4);
    expect(tampered.response.status).toBe(200);
  });

  it('an unknown passport is rendered (the 404 page) and nothing is stored', async () => {
    const render = fakeRenderer(404);
    const path = `/01/${withCheckDigit('0400999999999')}/21/NO-SUCH-SERIAL`;
    const answer = await view(path, render);
    expect(answer.response.status).toBe(404);
    expect(await stored(path)).toBeNull();
  });

  it('a burst of first views of one page renders it once', async () => {
    const passport = await serialised();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = fakeRenderer();
    const render = vi.fn(async (path: string) => {
      await gate;
      return inner(path);
    });
    const views = Array.from({ length: 5 }, () =>
      servePassportPage({ headers: new Headers() }, passport.path, 'en', { build: BUILD, render }),
    );
    await vi.waitFor(() => expect(render).toHaveBeenCalled());
    release();
    const answers = await Promise.all(views);
    expect(render).toHaveBeenCalledOnce();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
