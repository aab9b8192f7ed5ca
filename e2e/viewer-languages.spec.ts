// The passport page for everyone (issue 28) through the real server in Chromium: every official EU language chosen by
// `?lang=`, Accept-Language or the switcher; what matters first above the fold of a phone; a page that ships no
// script; axe in English, German, Greek and Maltese; phone screenshots of every language.
import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOCALES } from '../lib/i18n/locales';
import { i18nFor } from '../lib/i18n/translator';
import { expect, test } from '../testing/e2e/fixtures';
import { db, demoPassport } from '../testing/e2e/passport-pages';

const EV = 'voltaris-aurora-ev-75';
const WITHDRAWN = 'voltaris-aurora-ev-72-2025';
const SCREENSHOTS = 'e2e/screenshots/languages';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const JS_BUDGET_BYTES = 60 * 1024;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the page's language on a ${device}`, () => {
    test.use({ viewport });

    test('?lang= chooses it, then Accept-Language, then English; <html lang> and the words follow', async ({
      browser,
    }) => {
      const { path } = await demoPassport(EV);
      const greek = await browser.newContext({ viewport, locale: 'el-GR' });
      const page = await greek.newPage();
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'el');
      await expect(page.locator('h2#facts-title')).toHaveText(i18nFor('el').t('viewer.facts.title'));
      await page.goto(`${path}?lang=de`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.locator('h2#facts-title')).toHaveText(i18nFor('de').t('viewer.facts.title'));
      // Numbers and dates are written the German way; what the manufacturer typed stays as typed.
      await expect(page.locator('[data-fact="health"] dd')).toContainText('97,9 %');
      await expect(page.locator('[data-fact="health"] dd')).toContainText('20. November 2026');
      await expect(page.locator('[data-identity="serial"] dd')).toHaveText('AUR75-2026-000147');
      await greek.close();

      const unknown = await browser.newContext({ viewport, locale: 'ja-JP' });
      const english = await unknown.newPage();
      await english.goto(path);
      await expect(english.locator('html')).toHaveAttribute('lang', 'en');
      await expect(english.locator('h2#facts-title')).toHaveText('At a glance');
      await unknown.close();
    });

    test('the switcher keeps the passport and names each language in itself; it works without script', async ({
      browser,
    }) => {
      const { path } = await demoPassport(EV);
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      const switcher = page.getByRole('navigation', { name: 'Language' });
      await switcher.locator('summary').click();
      await expect(switcher.getByRole('link')).toHaveCount(24);
      await switcher.getByRole('link', { name: 'Malti' }).click();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(new URL(page.url()).search).toBe('?lang=mt');
      await expect(page.locator('html')).toHaveAttribute('lang', 'mt');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aurora EV Pack 75 kWh NMC811');
      await context.close();
    });
  });
}

test.describe('what matters first', () => {
  test.use({ viewport: PHONE });

  test('on a 390x844 phone the identity and the key facts are above the fold; sections fold behind a table of contents', async ({
    page,
  }) => {
    const { path } = await demoPassport(EV);
    await page.goto(path);
    const identity = ['model', 'gtin', 'serial', 'manufacturer', 'category', 'status'];
    const facts = ['chemistry', 'capacity', 'energy', 'health', 'carbon', 'recycled', 'hazardous', 'return'];
    for (const key of identity) await expect(page.locator(`[data-identity="${key}"]`), key).toBeInViewport();
    for (const key of facts) await expect(page.locator(`[data-fact="${key}"]`), key).toBeInViewport();
    await expect(page.locator('[data-identity="gtin"] dd')).toHaveText('04012345000016');
    await expect(page.locator('[data-fact="health"] dd')).toHaveText('97.9 % as of 20 November 2026');
    await expect(page.locator('[data-fact="carbon"] dd')).toHaveText('0.048 kg CO₂e per kWh, performance class B');
    // Art. 8's shares: what was recovered from manufacturing and from post-consumer waste, together.
    await expect(page.locator('[data-fact="recycled"] dd')).toHaveText(
      'Cobalt 16 %, Lithium 7 %, Nickel 8 %, Lead 0 %',
    );
    // Hazardous substances: yes or no, the list one tap away.
    const hazardous = page.locator('[data-fact="hazardous"]');
    await expect(hazardous.getByText('Yes: 1 substance')).toBeVisible();
    await expect(hazardous.getByText('Lithium hexafluorophosphate')).toBeHidden();
    await hazardous.getByText('Yes: 1 substance').click();
    await expect(hazardous.getByText('Lithium hexafluorophosphate')).toBeVisible();
    await expect(page.locator('[data-fact="return"] a')).toHaveAttribute(
      'href',
      'https://www.voltaris.example/battery-return',
    );

    // The QR code and the share link come right after the facts; the sections are folded.
    const share = page.getByRole('region', { name: 'Share this passport' });
    await expect(share.getByRole('img', { name: /^QR code linking to / })).toBeVisible();
    const shareTop = (await share.boundingBox())!.y;
    const firstSection = page.locator('details[data-group]').first();
    expect(shareTop).toBeLessThan((await firstSection.boundingBox())!.y);
    await expect(page.locator('[data-field="rated_energy_kwh"]')).toBeHidden();
    // The table of contents jumps to a section and opens it.
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Performance and durability' })
      .click();
    await expect(page.locator('[data-field="rated_energy_kwh"]')).toBeVisible();
    await expect(page.locator('[data-field="rated_energy_kwh"]')).toBeInViewport();
    // The carbon chart carries absolute figures, not only shares.
    await expect(
      page.getByRole('img', {
        name: /^Carbon footprint by life-cycle stage: Raw materials [\d.]+ % · [\d.]+ kg CO₂e\/kWh/,
      }),
    ).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('a light page', () => {
  test('the stored page ships no script (budget 60 KB compressed) and works without; its weight and time to first byte are recorded', async ({
    page,
    request,
  }) => {
    const { path } = await demoPassport(EV);
    await request.get(path, { headers: { accept: 'text/html' } }); // the first view stores the page
    let scriptBytes = 0;
    let totalBytes = 0;
    page.on('requestfinished', async (req) => {
      const sizes = await req.sizes();
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      totalBytes += bytes;
      if (req.resourceType() === 'script') scriptBytes += bytes;
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const ttfb = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return nav.responseStart - nav.requestStart;
    });
    expect(scriptBytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    mkdirSync('test-results', { recursive: true });
    writeFileSync(
      'test-results/viewer-weight.json',
      `${JSON.stringify({ path, scriptBytes, totalBytes, ttfbMs: Math.round(ttfb) }, null, 2)}\n`,
    );
  });
});

test.describe('languages everywhere a reader goes', () => {
  test('the linkset lists the page in each language with hreflang', async ({ request }) => {
    const { path } = await demoPassport(EV);
    const response = await request.get(`${path}?linkType=linkset`);
    const [context] = (await response.json()).linkset;
    const pip = context['https://gs1.org/voc/pip'] as { href: string; hreflang: string[] }[];
    expect(pip[0].hreflang).toEqual([...LOCALES]);
    for (const locale of LOCALES) {
      expect(pip.find((t) => t.hreflang.length === 1 && t.hreflang[0] === locale)?.href).toMatch(
        new RegExp(`\\?lang=${locale}$`),
      );
    }
  });

  test('the 404 page, the withdrawn notice and the request form speak the language; the confirmation mail too', async ({
    page,
  }) => {
    const fr = i18nFor('fr');
    await page.goto('/01/00000000000017?lang=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr.t('notFound.title'));
    await page.goto(`${(await demoPassport(WITHDRAWN)).path}?lang=fr`);
    await expect(page.locator('#withdrawal-title')).toHaveText(fr.t('notices.withdrawn.title'));

    const passport = await demoPassport(EV);
    await page.goto(`${passport.path}?lang=fr`);
    const form = page.getByRole('form', { name: fr.t('poli.form.label') });
    const email = `langs.${Date.now()}@recycler.example`;
    await form.getByLabel(fr.t('poli.form.email'), { exact: true }).fill(email);
    await form.getByLabel(fr.t('poli.form.name'), { exact: true }).fill('Vera Verifier');
    await form.getByLabel(fr.t('poli.form.organisation'), { exact: true }).fill('Circular Metals BV');
    await form.getByLabel(fr.t('poli.form.role'), { exact: true }).selectOption('RECYCLER');
    await form.locator('#poli-consent').check();
    await form.getByRole('button', { name: fr.t('poli.form.submit') }).click();
    await expect(page.getByTestId('poli-sent')).toContainText(fr.t('poli.form.sent'));
    const request = await db().poliRequest.findFirstOrThrow({ where: { email } });
    expect(request.locale).toBe('fr');
    const mail = await db().emailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe(fr.t('email.verify.subject', { product: passport.name }));
  });

  test('a refused field says so in the language', async ({ page }) => {
    const pl = i18nFor('pl');
    await page.goto(`${(await demoPassport(EV)).path}?lang=pl`);
    await page.getByRole('button', { name: pl.t('poli.form.submit') }).click();
    await expect(page.locator('#poli-email-error')).toHaveText(pl.t('poli.form.errors.email'));
  });
});

test.describe('accessibility and screenshots', () => {
  test.use({ viewport: PHONE });

  test('axe: no serious or critical violation on the viewer, the withdrawn page, the 404 page and the link pages in English, German, Greek and Maltese', async ({
    page,
  }) => {
    test.slow();
    const paths = [
      (await demoPassport(EV)).path,
      (await demoPassport(WITHDRAWN)).path,
      '/01/00000000000017',
      '/poli/invalid-link',
    ];
    for (const locale of ['en', 'de', 'el', 'mt']) {
      for (const path of paths) {
        await page.goto(`${path}?lang=${locale}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // Folded sections open, so their content is checked too.
        await page.evaluate(() => {
          for (const fold of document.querySelectorAll('details')) fold.open = true;
        });
        expect(await seriousViolations(page), `${locale} ${path}`).toEqual([]);
      }
    }
  });

  test('a phone screenshot of the page in every language (saved for review), none wider than the screen', async ({
    page,
  }) => {
    test.slow();
    mkdirSync(SCREENSHOTS, { recursive: true });
    const { path } = await demoPassport(EV);
    for (const locale of LOCALES) {
      await page.goto(`${path}?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.screenshot({ path: `${SCREENSHOTS}/viewer-${locale}-phone.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
