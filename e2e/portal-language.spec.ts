// The portal in English and German (issue 28): an operator chooses in the profile; until then the browser's
// Accept-Language picks; the signed-out pages and the password mail follow the same rule.
import { mkdirSync } from 'node:fs';
import { type Browser, devices, type Page } from '@playwright/test';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { lastMail } from '../testing/e2e/poli';
import { choosePortalLanguage, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

const PHONE = devices['Pixel 7'];
const SCREENSHOTS = 'e2e/screenshots/portal-de';

async function open(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  return { context, page: await context.newPage() };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Portal' });

test.describe('the portal in English and German', () => {
  test('an operator chooses German in the profile: the whole portal, navigation included, speaks it at once; English again on request', async ({
    page,
  }) => {
    const { users } = await newPortalCompany(['EDITOR']);
    await signIn(page, users.EDITOR);
    await nav(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'As my browser asks (now: English)' })).toBeChecked();
    await expectAccessible(page);

    await page.getByRole('radio', { name: 'Deutsch', exact: true }).check();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Gespeichert. Das Portal spricht jetzt die gewählte Sprache.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('radio', { name: 'Deutsch', exact: true })).toBeChecked();
    await expect(page).toHaveTitle(/^Profil · Portal/);
    await expectAccessible(page);

    await nav(page).getByRole('link', { name: 'Übersicht' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Braucht Ihre Aufmerksamkeit' })).toBeVisible();
    await expect(page.getByText('Heute braucht nichts Ihre Aufmerksamkeit.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await expect(page.locator('[data-chart="chart-state"] desc')).toContainText('Entwurf: 0');
    await expectAccessible(page);
    // A portal address that names nothing answers in the operator's language too.
    await page.goto('/portal/passports/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Nicht gefunden' })).toBeVisible();

    await page.goto('/portal/profile');
    await page.getByRole('radio', { name: 'English', exact: true }).check();
    await page.getByRole('button', { name: 'Sprache speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('without a choice a German browser gets German, sign-in included; a choice of English wins over the browser', async ({
    browser,
  }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    const { context, page } = await open(browser, { locale: 'de-DE' });
    try {
      await page.goto('/portal/sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Betreiber' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('E-Mail').fill(users.ADMIN.email);
      await page.getByLabel('Passwort').fill('not-the-password');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.locator('form').getByRole('alert')).toHaveText(
        'E-Mail-Adresse oder Passwort ist nicht korrekt.',
      );
      await page.getByLabel('Passwort').fill(users.ADMIN.password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await page.goto('/portal/profile');
      await expect(page.getByRole('radio', { name: 'Wie mein Browser es wünscht (derzeit: Deutsch)' })).toBeChecked();

      await choosePortalLanguage(users.ADMIN, 'en');
      await page.goto('/portal');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    } finally {
      await context.close();
    }
  });

  test('the profile form works without client script', async ({ browser, page }) => {
    const { users } = await newPortalCompany(['REVIEWER']);
    await signIn(page, users.REVIEWER);
    const { context, page: plain } = await open(browser, {
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
    });
    try {
      await plain.goto('/portal/profile');
      await plain.getByRole('radio', { name: 'Deutsch', exact: true }).check();
      await plain.getByRole('button', { name: 'Save language' }).click();
      await expect(plain.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
      await expect(plain.getByRole('status')).toContainText('Gespeichert.');
      expect((await db().user.findUniqueOrThrow({ where: { id: users.REVIEWER.id } })).locale).toBe('de');
    } finally {
      await context.close();
    }
  });

  test('forgot password in German: the page, its answer and the mail', async ({ browser }) => {
    const { users } = await newPortalCompany(['EDITOR']);
    const { context, page } = await open(browser, { locale: 'de-AT' });
    try {
      await page.goto('/portal/sign-in');
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel('E-Mail').fill(users.EDITOR.email);
      await page.getByRole('button', { name: 'Link per E-Mail senden' }).click();
      await expect(page.getByRole('status')).toContainText('ist ein Link zum Wählen eines neuen Passworts unterwegs');
      const mail = await lastMail(users.EDITOR.email);
      expect(mail.subject).toBe('Neues Passwort für das Betreiberportal wählen');
      await page.goto(mail.links[0]);
      await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort wählen' })).toBeVisible();
      await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
      await page.getByLabel('Dasselbe Passwort noch einmal').fill('kurz');
      // The browser's own minlength check would stop the post: the server's message is what this checks.
      await page.locator('form').evaluate((form) => {
        for (const input of form.querySelectorAll('input')) input.removeAttribute('minlength');
      });
      await page.getByRole('button', { name: 'Neues Passwort festlegen' }).click();
      await expect(page.locator('form').getByRole('alert')).toHaveText(
        /^Das Passwort muss mindestens \d+ Zeichen lang sein\.$/,
      );
    } finally {
      await context.close();
    }
  });

  test('on a phone in German the menu names where you are and every section fits the screen (longer words included); screenshots saved', async ({
    browser,
  }) => {
    test.slow(); // every section of the portal, each with a screenshot
    const { company, users } = await newPortalCompany(['ADMIN']);
    await choosePortalLanguage(users.ADMIN, 'de');
    await createTestProduct(db(), {
      companyId: company.id,
      name: 'Ein Pass mit einem recht langen Namen für ein Telefon',
    });
    const { context, page } = await open(browser, PHONE);
    mkdirSync(SCREENSHOTS, { recursive: true });
    try {
      await signIn(page, users.ADMIN);
      const menu = page.getByRole('button', { name: /^Menü/ });
      await expect(menu).toContainText('Übersicht');
      await menu.click();
      await nav(page).getByRole('link', { name: 'Prüfprotokoll' }).click();
      await expect(page.getByRole('button', { name: /^Menü/ })).toContainText('Prüfprotokoll');
      const sections = await page
        .locator('nav[aria-label="Portal"] a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(sections.length).toBeGreaterThan(8);
      for (const path of sections) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'de');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect({ path, width }).toEqual({ path, width: PHONE.viewport.width });
        const name = path === '/portal' ? 'dashboard' : path.slice('/portal/'.length).replaceAll('/', '-');
        await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});
