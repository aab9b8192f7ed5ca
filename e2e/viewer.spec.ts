import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test } from '../testing/e2e/fixtures';
import {
  db,
  demoPassport,
  gtin14WithLeadingZeros,
  headJsonLd,
  publishTestPassport,
} from '../testing/e2e/passport-pages';

const EV = 'voltaris-aurora-ev-75';
const WITHDRAWN = 'voltaris-aurora-ev-72-2025';
const SCREENSHOTS = 'e2e/screenshots';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.describe('passport viewer', () => {
  test('shows header, public groups, state-of-health gauge, carbon breakdown, versions, QR and the restricted section', async ({
    page,
  }) => {
    const ev = await demoPassport(EV);
    await page.goto(ev.path);
    const header = page.locator('header');
    await expect(header).toContainText('Electric vehicle battery');
    await expect(header).toContainText('Voltaris Battery Systems GmbH');
    await expect(header).toContainText('Published');
    for (const group of [
      'Identity',
      'Compliance and labels',
      'Carbon footprint',
      'Materials and chemistry',
      'Performance and durability',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    // Units and formatting come from the schema: a number with its unit, an enum by its label, a boolean as Yes/No.
    await expect(page.locator('[data-field="rated_energy_kwh"] dd')).toHaveText('75 kWh');
    await expect(page.locator('[data-field="ce_marking"] dd')).toHaveText(/^(Yes|No)$/);
    await expect(page.getByRole('img', { name: 'State of health: 97.9 %' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Carbon footprint by life-cycle stage: Raw materials/ })).toBeVisible();
    // Versions read as people say them; the JSON and its fingerprint are behind "For developers".
    const region = page.getByRole('region', { name: 'Versions' });
    const versions = region.locator('ol > li');
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText(/^Version 3, published \d{1,2} \w+ \d{4}This version/);
    // What a version changed, by the public fields' names.
    await expect(versions.first()).toContainText(/Changed: .*State of health/);
    await expect(versions.last()).toContainText('First publication');
    await expect(region.getByRole('link', { name: 'JSON of version 1' })).toBeHidden();
    await region.getByText('For developers').click();
    await expect(region.getByRole('link', { name: 'JSON of version 1' })).toHaveAttribute('href', `/api/dpp/${EV}/v/1`);
    await expect(region.locator('details li').first()).toContainText(/SHA-256 [0-9a-f]{12}…/);
    await expect(page.locator('#restricted-access')).toContainText('request access');
    await expect(
      page.getByText(
        'Field schemas derived from the Battery Pass consortium’s Data Attribute Longlist v1.2 (CC BY 4.0)',
      ),
    ).toBeVisible();
  });

  test('a dynamic value shows the time of its last update', async ({ page }) => {
    const passport = await publishTestPassport({
      gtin: gtin14WithLeadingZeros(),
      formData: { current_soh_pct: 88.5, soh_last_updated: '2026-11-20T08:15:00Z' },
    });
    await page.goto(passport.path);
    await expect(page.locator('[data-field="current_soh_pct"] dd')).toHaveText(
      /^88\.5 %Last updated 20 November 2026.*08:15 UTC$/,
    );
    await expect(page.getByRole('img', { name: 'State of health: 88.5 %' })).toBeVisible();
  });

  test('the QR code is drawn on the server and encodes BASE_URL plus the passport path', async ({ page, baseURL }) => {
    const ev = await demoPassport(EV);
    await page.goto(ev.path);
    const qr = page.getByRole('img', { name: /^QR code linking to/ });
    await expect(qr.locator('svg')).toHaveCount(1);
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${baseURL}${ev.path}`);
  });

  test('says who signed the current version, linking its credential in the served HTML (application/vc+jwt)', async ({
    page,
    request,
  }) => {
    const passport = await publishTestPassport({ gtin: gtin14WithLeadingZeros() });
    const company = await db().company.findUniqueOrThrow({ where: { id: passport.companyId } });
    const credentialUrl = `/api/dpp/${passport.slug}/v/1/credential`;
    // In the HTML itself (the stored page is served without script), not added in the browser.
    const html = await (await request.get(passport.path)).text();
    expect(html).toContain(`href="${credentialUrl}"`);
    await page.goto(passport.path);
    const signed = page.getByRole('link', { name: new RegExp(`^Signed by ${company.name} on \\d{1,2} \\w+ \\d{4}`) });
    await expect(signed).toHaveAttribute('href', credentialUrl);
    await expect(signed).toHaveAttribute('title', /Anyone can verify it with the company’s DID/);
    await expect(page.getByTestId('signed-by')).toContainText(
      `Anyone can verify this passport’s signature with ${company.name}’s DID.`,
    );
    const credential = await request.get(await signed.getAttribute('href').then((href) => href!));
    expect(credential.status()).toBe(200);
    expect(credential.headers()['content-type']).toMatch(/^application\/vc\+jwt/);
    expect((await credential.text()).split('.')).toHaveLength(3);
  });

  test('no restricted field value reaches the page HTML', async ({ page }) => {
    const marker = `RESTRICTED-${gtin14WithLeadingZeros()}`;
    const passport = await publishTestPassport({
      gtin: gtin14WithLeadingZeros(),
      serialNumber: 'SN-RESTRICTED-1',
      formData: {
        cathode_materials: `${marker}-cathode`,
        anode_materials: `${marker}-anode`,
        electrolyte_materials: `${marker}-electrolyte`,
        accident_information: `${marker}-accident`,
        test_reports: [{ title: `${marker}-report`, url: 'https://reports.example/r1', issued_on: '2025-01-20' }],
      },
    });
    const response = await page.goto(passport.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(passport.name);
    expect(await response!.text()).not.toContain(marker);
    expect(await page.content()).not.toContain(marker);
  });

  test('a withdrawn passport: 200, the withdrawal notice with successor link, noindex and no JSON-LD', async ({
    page,
  }) => {
    const withdrawn = await demoPassport(WITHDRAWN);
    const successor = await demoPassport(EV);
    const response = await page.goto(withdrawn.path);
    expect(response?.status()).toBe(200);
    const notice = page.getByRole('region', { name: 'This passport has been withdrawn' });
    await expect(notice).toContainText('Superseded by the NMC811 pack');
    await expect(notice).toContainText('Voltaris Battery Systems GmbH, Product Compliance, Salzgitter');
    await expect(notice.getByRole('link', { name: 'recalls@voltaris.example' })).toHaveAttribute(
      'href',
      'mailto:recalls@voltaris.example',
    );
    await expect(notice.getByRole('link', { name: /View the replacement passport/ })).toHaveAttribute(
      'href',
      successor.path,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await headJsonLd(page)).toEqual([]);
    // A withdrawn passport's credential is no longer served: no "Signed by" link.
    await expect(page.getByTestId('signed-by')).toHaveCount(0);
  });

  test('a published passport is not marked noindex', async ({ page }) => {
    await page.goto((await demoPassport(EV)).path);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('axe finds no serious or critical violation on the viewer, the withdrawn page and the 404 page', async ({
    page,
  }) => {
    const paths = [
      (await demoPassport(EV)).path,
      (await demoPassport(WITHDRAWN)).path,
      '/dpp/voltaris-gridstack-215',
      '/01/00000000000000',
    ];
    for (const path of paths) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('screenshots at phone and desktop widths (saved for review)', async ({ page }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const pages = {
      viewer: (await demoPassport(EV)).path,
      withdrawn: (await demoPassport(WITHDRAWN)).path,
      'not-found': '/01/00000000000017',
    };
    for (const [width, height, name] of [
      [390, 844, 'phone'],
      [1280, 900, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [kind, path] of Object.entries(pages)) {
        await page.goto(path);
        await page.screenshot({ path: `${SCREENSHOTS}/${kind}-${name}.png`, fullPage: true });
      }
      // Nothing wider than the screen: a phone reader never scrolls sideways.
      await page.goto(pages.viewer);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
