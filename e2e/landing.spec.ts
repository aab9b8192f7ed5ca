import AxeBuilder from '@axe-core/playwright';
import { type Browser, devices } from '@playwright/test';
import { DEMO_PASSPORT_PATH } from '../prisma/seed/demo';
import { DEMO_PASSPORTS } from '../prisma/seed/demo-passports';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';

const PHONE = devices['Pixel 7'];
const demoEv = DEMO_PASSPORTS[0];

/** A browser of its own, speaking from its own client address (closed by the caller). */
async function open(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  return { context, page: await context.newPage() };
}

test.describe('the landing page at / for someone without a QR code at hand', () => {
  for (const [label, options] of [
    ['a phone without client script', { ...PHONE, javaScriptEnabled: false }],
    ['a desktop', {}],
  ] as const) {
    test(`on ${label}: a GTIN and serial typed from the label open that passport`, async ({ browser }) => {
      const { context, page } = await open(browser, options);
      try {
        await page.goto('/');
        const form = page.getByRole('group', { name: /By GTIN and serial number/ });
        await form.getByLabel('GTIN').fill(demoEv.gtin!.replace(/^0/, ''));
        await form.getByLabel('Serial number').fill(demoEv.serialNumber!);
        await form.getByRole('button', { name: 'Open passport' }).click();
        await expect(page).toHaveURL(new RegExp(`${DEMO_PASSPORT_PATH}$`));
        await expect(page.getByRole('heading', { level: 1 })).toContainText(demoEv.name);
      } finally {
        await context.close();
      }
    });
  }

  test('a wrong check digit is refused by the field, the typed values kept, and nothing else opens', async ({
    page,
  }) => {
    await page.goto('/?gtin=4012345000017&serial=AB-1');
    await expect(page).toHaveURL(/\/\?gtin=/);
    await expect(page.locator('#lookup-error')).toContainText('check digit');
    const form = page.getByRole('group', { name: /By GTIN and serial number/ });
    await expect(form.getByLabel('GTIN')).toHaveValue('4012345000017');
    await expect(form.getByLabel('GTIN')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Serial number')).toHaveValue('AB-1');
  });

  test('a passport id or a pasted passport address opens that passport; an unknown one answers 404', async ({
    page,
  }) => {
    await page.goto(`/?passport=${encodeURIComponent(demoEv.slug)}`);
    await expect(page).toHaveURL(new RegExp(`/dpp/${demoEv.slug}$`));
    await page.goto(`/?passport=${encodeURIComponent(`https://elsewhere.example${DEMO_PASSPORT_PATH}`)}`);
    await expect(page).toHaveURL(new RegExp(`${DEMO_PASSPORT_PATH}$`));
    const missing = await page.goto('/?passport=no-such-passport-here');
    expect(missing?.status()).toBe(404);
    const offsite = await page.goto(`/?passport=${encodeURIComponent('https://evil.example/login')}`);
    expect(offsite?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('#lookup-error')).toBeVisible();
  });

  test('the demo lists its published passports, each link opens one, and the operator sign-in is one click away', async ({
    page,
  }) => {
    await page.goto('/');
    const demo = page.getByRole('region', { name: 'Demo passports' });
    await expect(demo.getByRole('link', { name: demoEv.name })).toHaveAttribute('href', DEMO_PASSPORT_PATH);
    await demo.getByRole('link', { name: demoEv.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(demoEv.name);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in to the operator portal' }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in/);
  });

  test('has a favicon, fits a phone and has no serious or critical accessibility violation', async ({ browser }) => {
    const { context, page } = await open(browser, PHONE);
    try {
      await page.goto('/?gtin=12&serial=');
      const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
      expect(icon).toBeTruthy();
      const served = await page.request.get(icon!);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toContain('image/svg+xml');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
