// Stored viewer pages (lib/passport/public/page-store.ts) through the real server and a real browser: an anonymous
// view after the first is served from the stored render, the same bytes and headers for every answer (no script of
// its own, no nonce), works without script, refuses injected ones, keeps one page per language, and never outlives a
// change to the passport.
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { systemActor } from '../lib/domain/context';
import { CACHING } from '../lib/http/caching';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { cspViolations } from '../testing/e2e/csp';
import { expect, test } from '../testing/e2e/fixtures';
import { db, gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';

const serialised = () =>
  publishTestPassport({
    gtin: gtin14WithLeadingZeros(),
    serialNumber: `SN-STORED-${randomBytes(3).toString('hex')}`,
    formData: { current_soh_pct: 93.5 },
  });

test.describe('stored viewer pages', () => {
  test('the second view is the stored page: the same bytes and headers, no script and a policy naming none, and it works (the request form answers at its place)', async ({
    page,
  }) => {
    const violations = cspViolations(page);
    const passport = await serialised();
    const first = await page.goto(passport.path);
    expect(first!.status()).toBe(200);
    const stored = await db().publicPage.findUniqueOrThrow({
      where: { path_locale: { path: passport.path, locale: 'en' } },
    });
    // The framework's runtime and payload are not part of the stored page: a reader downloads no script.
    expect(gunzipSync(stored.html).toString()).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(stored).toMatchObject({ productId: passport.id, revision: passport.revision });
    const firstHtml = await first!.text();
    const policy = first!.headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'strict-dynamic'/);
    expect(policy).not.toContain("'nonce-");
    expect(policy).not.toContain('unsafe-inline');

    const second = await page.goto(passport.path);
    expect(second!.status()).toBe(200);
    // Every anonymous answer of one revision is the same page: any cache may keep it (lib/http/caching.ts).
    expect(await second!.text()).toBe(firstHtml);
    expect(firstHtml).not.toContain(`nonce="${stored.nonce}"`);
    for (const name of ['content-security-policy', 'etag', 'cache-control', 'vary', 'link'])
      expect(second!.headers()[name], name).toBe(first!.headers()[name]);
    expect(second!.headers()['cache-control']).toBe(CACHING.page.cacheControl);
    expect(second!.headers().etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(second!.headers().link).toMatch(/^<[^>]+\?linkType=linkset>; rel="linkset"/);
    expect(second!.headers()['x-middleware-rewrite']).toBeUndefined();
    await expect(page.locator('[data-field="current_soh_pct"] dd')).toHaveText(/^93\.5 %/);

    const form = page.getByRole('form', { name: 'Request access to restricted information' });
    await form
      .getByLabel('Email address', { exact: true })
      .fill(`stored.${randomBytes(3).toString('hex')}@recycler.example`);
    await form.getByLabel('Your name', { exact: true }).fill('Vera Verifier');
    await form.getByLabel('Organisation', { exact: true }).fill('Circular Metals BV');
    await form.getByLabel('You ask as', { exact: true }).selectOption('RECYCLER');
    await form.getByLabel(/^I agree/).check();
    await form.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByTestId('poli-sent')).toContainText('a link to confirm it is on its way');
    expect(new URL(page.url()).hash).toBe('#restricted-access');
    expect(violations).toEqual([]);
  });

  test('markup injected into the stored page (what a stored XSS would be) does not run under its hash policy', async ({
    page,
  }) => {
    const violations = cspViolations(page);
    const passport = await serialised();
    await page.goto(passport.path);
    await page.route(`**${passport.path}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response, body: html });
    });
    await page.goto(passport.path);
    await expect(page.locator('[data-field="current_soh_pct"] dd')).toHaveText(/^93\.5 %/);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected === true)).toBe(false);
    expect(violations.some((v) => /inline script/i.test(v))).toBe(true);
    await page.unroute(`**${passport.path}`);
  });

  test('a new value or a withdrawal shows on the very next view', async ({ page }) => {
    const passport = await serialised();
    await page.goto(passport.path);
    await page.goto(passport.path);
    await db().product.update({
      where: { id: passport.id },
      data: { formData: { ...(passport.formData as object), current_soh_pct: 71.25 } },
    });
    await page.goto(passport.path);
    await expect(page.locator('[data-field="current_soh_pct"] dd')).toHaveText(/^71\.25 %/);

    await withdrawProduct({
      ctx: { companyId: passport.companyId, actor: systemActor('e2e') },
      input: { productId: passport.id, reason: 'Recall of the cell batch' },
    });
    const withdrawn = await page.goto(passport.path);
    expect(withdrawn!.status()).toBe(200);
    expect(withdrawn!.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByText('Recall of the cell batch')).toBeVisible();
    await expect(page.locator('[data-field="current_soh_pct"]')).toHaveCount(0);
  });

  test('one stored page per language: `?lang=` and Accept-Language find the same page, each cacheable, in that language', async ({
    request,
  }) => {
    const passport = await serialised();
    const html = { accept: 'text/html' };
    const greek = await request.get(`${passport.path}?lang=el`, { headers: html });
    expect(greek.status()).toBe(200);
    expect(await greek.text()).toContain('<html lang="el"');
    const again = await request.get(passport.path, { headers: { ...html, 'accept-language': 'el-GR,el;q=0.9' } });
    expect(again.headers().etag).toBe(greek.headers().etag);
    expect(again.headers().vary).toContain('Accept-Language');
    expect(again.headers()['cache-control']).toBe(CACHING.page.cacheControl);
    const english = await request.get(passport.path, { headers: html });
    expect(english.headers().etag).not.toBe(greek.headers().etag);
    const rows = await db().publicPage.findMany({ where: { productId: passport.id }, orderBy: { locale: 'asc' } });
    expect(rows.map((r) => r.locale)).toEqual(['el', 'en']);
  });

  test('a direct request to the stored-page route is 404, and forged render headers are ignored', async ({
    request,
  }) => {
    const passport = await serialised();
    const direct = await request.get('/api/resolver/page', {
      headers: { accept: 'text/html', 'x-service-resolver-path': passport.path },
    });
    expect(direct.status()).toBe(404);
    const forged = await request.get(passport.path, {
      headers: {
        accept: 'text/html',
        'x-service-page-render': 'f'.repeat(64),
        'x-service-page-nonce': 'AAAAAAAAAAAAAAAAAAAAAA==',
      },
    });
    expect(forged.status()).toBe(200);
    expect(forged.headers()['content-security-policy']).not.toContain("'nonce-AAAAAAAAAAAAAAAAAAAAAA=='");
    expect(await forged.text()).not.toContain('AAAAAAAAAAAAAAAAAAAAAA==');
  });
});
