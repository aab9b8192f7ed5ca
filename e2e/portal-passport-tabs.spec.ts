// The portal's passport page in tabs: each tab is a link with its own address, drawn on the server with only its
// own sections under the shared header; a save on the Data tab comes back to it, with and without JavaScript; the
// tabs fit a phone and pass axe.
import type { Page } from '@playwright/test';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

const TABS = ['Overview', 'Data', 'Documents', 'Versions', 'Activity'] as const;
type Tab = (typeof TABS)[number];

/** The level-2 headings only each tab shows (the telemetry history is found by its test id). */
const SECTIONS: Record<Tab, string[]> = {
  Overview: ['Lifecycle', 'Readiness and publication gate', 'EU registry', 'QR code', 'Components', 'Traceability'],
  Data: ['Form data'],
  Documents: ['Documents'],
  Versions: ['Version history', 'BMS lifetime counters'],
  Activity: ['Audit trail'],
};

const QUERY: Record<Tab, string> = {
  Overview: '',
  Data: '?tab=data',
  Documents: '?tab=documents',
  Versions: '?tab=versions',
  Activity: '?tab=activity',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Passport views' });
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function expectOnTab(page: Page, productId: string, name: string, tab: Tab) {
  await expect(page).toHaveURL(new RegExp(`/portal/passports/${productId}${QUERY[tab].replace('?', '\\?')}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(tabs(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expect(tabs(page).getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
  for (const other of TABS) {
    for (const heading of SECTIONS[other]) await expect(h2(page, heading)).toHaveCount(other === tab ? 1 : 0);
  }
  await expect(page.getByTestId('telemetry-history')).toHaveCount(tab === 'Versions' ? 1 : 0);
}

async function draftWithEditor() {
  const { company, users } = await newPortalCompany(['EDITOR']);
  const draft = await createTestProduct(db(), { companyId: company.id, formData: { model_number: 'VX-75' } });
  return { company, editor: users.EDITOR, draft };
}

test.describe('the passport page in tabs', () => {
  test('every tab is reached by its link, marks itself current, shows its own sections only and passes axe', async ({
    page,
  }) => {
    test.slow(); // axe on six pages
    const { editor, draft } = await draftWithEditor();
    await signIn(page, editor);
    await page.goto(`/portal/passports/${draft.id}`);
    await expectOnTab(page, draft.id, draft.name, 'Overview');
    const links = tabs(page).getByRole('link');
    await expect(links).toHaveText([...TABS]);
    // A navigation of links, not a tablist that would promise arrow keys.
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectAccessible(page);

    for (const tab of [...TABS.slice(1), 'Overview'] as const) {
      await tabs(page).getByRole('link', { name: tab, exact: true }).click();
      await expectOnTab(page, draft.id, draft.name, tab);
      const title = tab === 'Overview' ? draft.name : `${tab}: ${draft.name}`;
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(title)}( ·|$)`));
      await expectAccessible(page);
    }

    // An unknown tab is the overview; the readiness report's field links lead to the form on the Data tab.
    await page.goto(`/portal/passports/${draft.id}?tab=nonsense`);
    for (const heading of SECTIONS.Overview) await expect(h2(page, heading)).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('readiness-missing').getByRole('link', { name: 'Manufacturer name' }).click();
    await expect(page).toHaveURL(/\?tab=data#field-manufacturer_name$/);
    await expect(page.getByRole('form', { name: 'Identity form data' })).toBeVisible();
  });

  test('a tab link shows where the keyboard is', async ({ page }) => {
    const { editor, draft } = await draftWithEditor();
    await signIn(page, editor);
    await page.goto(`/portal/passports/${draft.id}?tab=versions`);
    const data = tabs(page).getByRole('link', { name: 'Data', exact: true });
    await data.focus();
    await expect(data).toBeFocused();
    const outline = await data.evaluate((a) => getComputedStyle(a));
    expect(outline.outlineStyle).toBe('solid');
    expect(Number.parseFloat(outline.outlineWidth)).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await expectOnTab(page, draft.id, draft.name, 'Data');
  });

  test('a save on the Data tab lands back on it with its message; a refused save shows its errors there', async ({
    page,
  }) => {
    const { editor, draft } = await draftWithEditor();
    await signIn(page, editor);
    await page.goto(`/portal/passports/${draft.id}?tab=data`);
    const identity = page.getByRole('form', { name: 'Identity form data' });

    await identity.getByLabel(/^Battery mass/).fill('-5');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('alert')).toContainText('nothing was saved');
    await expect(page.locator('#battery_mass_kg-error')).toBeVisible();
    await expectOnTab(page, draft.id, draft.name, 'Data');

    await identity.getByLabel(/^Battery mass/).fill('412.5');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('status')).toHaveText('Identity saved.');
    await expectOnTab(page, draft.id, draft.name, 'Data');
    expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toMatchObject({
      battery_mass_kg: 412.5,
    });
    await tabs(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page.locator('tr[data-audit="Update"]').first()).toContainText(/fields.*battery_mass_kg/);
  });

  test('without JavaScript the tabs are plain links and a posted save comes back to the Data tab', async ({
    page,
    browser,
  }) => {
    const { editor, draft } = await draftWithEditor();
    await signIn(page, editor);
    const scriptless = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    });
    try {
      const plain = await scriptless.newPage();
      await plain.goto(`/portal/passports/${draft.id}`);
      await tabs(plain).getByRole('link', { name: 'Data' }).click();
      await expectOnTab(plain, draft.id, draft.name, 'Data');
      const identity = plain.getByRole('form', { name: 'Identity form data' });

      await identity.getByLabel(/^Battery mass/).fill('-5');
      await identity.getByRole('button', { name: 'Save identity' }).click();
      await expect(identity.getByRole('alert')).toContainText('nothing was saved');
      await expect(plain.locator('#battery_mass_kg-error')).toBeVisible();
      await expectOnTab(plain, draft.id, draft.name, 'Data');

      await identity.getByLabel(/^Battery mass/).fill('97');
      await identity.getByRole('button', { name: 'Save identity' }).click();
      await expect(identity.getByRole('status')).toHaveText('Identity saved.');
      await expectOnTab(plain, draft.id, draft.name, 'Data');
      expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toMatchObject({
        battery_mass_kg: 97,
      });
    } finally {
      await scriptless.close();
    }
  });

  test('on a 390 px phone every tab is on screen and no tab makes the page wider than the screen', async ({
    browser,
  }) => {
    const { company, editor, draft } = await draftWithEditor();
    const published = await createPublishedPassport(db(), { companyId: company.id });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    });
    try {
      const page = await context.newPage();
      await signIn(page, editor);
      for (const tab of TABS) {
        await page.goto(`/portal/passports/${draft.id}${QUERY[tab]}`);
        await expect(tabs(page).getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
        for (const link of await tabs(page).getByRole('link').all()) {
          const box = (await link.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(390);
        }
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(widths[0], `${tab} is wider than the screen`).toBeLessThanOrEqual(widths[1]);
      }
      // A published passport's form data is read-only: each value sits under its label with the screen's width.
      await page.goto(`/portal/passports/${published.id}?tab=data`);
      const value = page.locator('[data-field="model_number"] dd');
      await expect(value).toBeVisible();
      expect((await value.boundingBox())!.width).toBeGreaterThan(300);
    } finally {
      await context.close();
    }
  });

  test("another company's passport is a 404 on every tab", async ({ page }) => {
    const { editor } = await draftWithEditor();
    const other = await newPortalCompany(['ADMIN']);
    const theirs = await createTestProduct(db(), { companyId: other.company.id });
    await signIn(page, editor);
    for (const tab of TABS) {
      expect((await page.goto(`/portal/passports/${theirs.id}${QUERY[tab]}`))?.status()).toBe(404);
      await expect(page.getByText(theirs.name)).toHaveCount(0);
    }
  });
});
