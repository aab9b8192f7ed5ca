import { mkdirSync } from 'node:fs';
import { type Browser, devices } from '@playwright/test';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

const PHONE = devices['Pixel 7'];
const SCREENSHOTS = 'e2e/screenshots';

async function phone(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  return { context, page: await context.newPage() };
}

test.describe('the portal on a phone', () => {
  test('the sections fold behind a Menu button that names where you are, and open to move on', async ({ browser }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    const { context, page } = await phone(browser);
    try {
      await signIn(page, users.ADMIN);
      const menu = page.getByRole('button', { name: /^Menu/ });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toContainText('Dashboard');
      const nav = page.getByRole('navigation', { name: 'Portal' });
      await expect(nav.getByRole('link', { name: 'Audit trail' })).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await nav.getByRole('link', { name: 'Audit trail' }).click();
      await expect(page).toHaveURL(/\/portal\/audit$/);
      await expect(page.getByRole('button', { name: /^Menu/ })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('button', { name: /^Menu/ })).toContainText('Audit trail');
    } finally {
      await context.close();
    }
  });

  test('tables become cards with each value under its column name, nothing wider than the screen; the audit trail reads in words', async ({
    browser,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    const product = await createTestProduct(db(), { companyId: company.id, name: 'Phone Test Pack' });
    await db().auditLog.create({
      data: {
        companyId: company.id,
        productId: product.id,
        eventType: 'PoliRequestApproved',
        actorRole: 'REVIEWER',
        actorId: users.ADMIN.id,
        eventChannel: 'Portal',
        eventContext: { role: 'RECYCLER', tier: 'LEGITIMATE_INTEREST', requestId: 'r-1', fields: [{ id: 'a' }] },
      },
    });
    const { context, page } = await phone(browser);
    try {
      await signIn(page, users.ADMIN);
      await page.goto('/portal/passports');
      const row = page.getByRole('table').locator('tbody tr').first();
      await expect(row).toContainText('Phone Test Pack');
      const width = PHONE.viewport.width;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const cell = row.locator('td').first();
      expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).not.toBe('none');

      await page.goto('/portal/audit');
      const entry = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Access request approved' });
      await expect(entry).toHaveCount(1);
      const details = entry.locator('details');
      await expect(details.locator('summary')).toHaveText(
        'role: RECYCLER · tier: LEGITIMATE_INTEREST · requestId: r-1 · +1 more',
      );
      await expect(details.getByText('fields')).toBeHidden();
      await details.locator('summary').click();
      await expect(details.getByText('fields')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/portal-audit-phone.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('every section of the portal fits the phone: nothing scrolls sideways', async ({ browser }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    await createTestProduct(db(), { companyId: company.id, name: 'A passport with a rather long name for a phone' });
    const { context, page } = await phone(browser);
    try {
      await signIn(page, users.ADMIN);
      // The links are folded away behind the menu: read them from the markup.
      const sections = await page
        .locator('nav[aria-label="Portal"] a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(sections.length).toBeGreaterThan(8);
      for (const path of sections) {
        await page.goto(path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect({ path, width }).toEqual({ path, width: PHONE.viewport.width });
      }
    } finally {
      await context.close();
    }
  });
});
