import { expect, test } from '../testing/e2e/fixtures';
import { demoPassport, gtin14WithLeadingZeros, headJsonLd, publishTestPassport } from '../testing/e2e/passport-pages';

// Demo passports seeded into the e2e database (prisma/seed/demo-passports.ts).
const EV = 'voltaris-aurora-ev-75';
const LMT = 'voltaris-velo-lmt-625';
const INDUSTRIAL = 'voltaris-gridstack-215';

test.describe('GS1 Digital Link resolver', () => {
  test('/01/{gtin}/21/{serial} renders the viewer with 200, no redirect, and JSON-LD in the head naming it', async ({
    page,
    baseURL,
  }) => {
    const ev = await demoPassport(EV);
    const response = await page.goto(ev.path);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(page.url()).toBe(`${baseURL}${ev.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ev.name);
    const [jsonLd] = await headJsonLd(page);
    expect(jsonLd['@id']).toBe(`${baseURL}${ev.path}`);
  });

  test('/01/{gtin}/10/{batch} and the bare /01/{gtin} render their passport in place', async ({ page, baseURL }) => {
    const lmt = await demoPassport(LMT);
    expect(lmt.path).toContain('/10/');
    for (const path of [lmt.path, `/01/${lmt.gtin}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(page.url()).toBe(`${baseURL}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lmt.name);
    }
  });

  test('/dpp/{slug} renders a passport without a GTIN', async ({ page, baseURL }) => {
    const industrial = await demoPassport(INDUSTRIAL);
    expect(industrial.gtin).toBeNull();
    const response = await page.goto(`/dpp/${INDUSTRIAL}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(industrial.name);
    const [jsonLd] = await headJsonLd(page);
    expect(jsonLd['@id']).toBe(`${baseURL}/dpp/${INDUSTRIAL}`);
  });

  test('GTIN-8, -12 and -13 forms resolve to the same passport as its GTIN-14', async ({ page, baseURL }) => {
    const gtin14 = gtin14WithLeadingZeros();
    const passport = await publishTestPassport({ gtin: gtin14 });
    for (const form of [gtin14.slice(6), gtin14.slice(2), gtin14.slice(1), gtin14]) {
      const response = await page.goto(`/01/${form}`);
      expect(response?.status(), `GTIN-${form.length}`).toBe(200);
      expect(page.url()).toBe(`${baseURL}/01/${form}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(passport.name);
      expect((await headJsonLd(page))[0]['@id']).toBe(`${baseURL}/01/${gtin14}`);
    }
  });

  test('an invalid check digit answers the 404 page', async ({ page }) => {
    const ev = await demoPassport(EV);
    const wrong = `${ev.gtin!.slice(0, -1)}${(Number(ev.gtin!.at(-1)) + 1) % 10}`;
    for (const path of [`/01/${wrong}`, `/01/${wrong}/21/${encodeURIComponent(ev.serialNumber!)}`, '/01/12345']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passport not found');
    }
  });

  test('an unknown serial, batch or GTIN answers 404', async ({ page }) => {
    const ev = await demoPassport(EV);
    const lmt = await demoPassport(LMT);
    const unknownGtin = gtin14WithLeadingZeros();
    for (const path of [
      `/01/${ev.gtin}/21/NO-SUCH-SERIAL`,
      `/01/${lmt.gtin}/10/NO-SUCH-BATCH`,
      `/01/${unknownGtin}`,
      '/dpp/no-such-passport',
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  test('draft and submitted passports are not public: 404', async ({ page }) => {
    for (const slug of ['voltaris-aurora-ev-100-draft', 'voltaris-velo-lmt-500']) {
      const response = await page.goto(`/dpp/${slug}`);
      expect(response?.status(), slug).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passport not found');
    }
  });

  test('a percent-encoded serial is decoded once and matched exactly', async ({ page, baseURL }) => {
    const gtin = gtin14WithLeadingZeros();
    const passport = await publishTestPassport({ gtin, serialNumber: 'AB/12' });
    const response = await page.goto(`/01/${gtin}/21/AB%2F12`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL}/01/${gtin}/21/AB%2F12`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(passport.name);
    // Decoded once: %252F is the literal serial "AB%2F12", which does not exist.
    expect((await page.goto(`/01/${gtin}/21/AB%252F12`))?.status()).toBe(404);
  });
});
