import { type Browser, devices } from '@playwright/test';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { mailboxLink } from '../testing/e2e/poli';
import { expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';

const PHONE = devices['Pixel 7'];
const NEW_PASSWORD = 'workshop-password-2027';

async function open(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  return { context, page: await context.newPage() };
}

test.describe('portal: forgot password', () => {
  test('an operator on a phone without client script asks for a link, sets a new password once, and every older session ends', async ({
    browser,
  }) => {
    const { users } = await newPortalCompany(['EDITOR']);
    const user = users.EDITOR;
    const before = await open(browser);
    const phone = await open(browser, { ...PHONE, javaScriptEnabled: false });
    const after = await open(browser);
    try {
      await signIn(before.page, user);

      const { page } = phone;
      await page.goto('/portal/sign-in');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL(/\/portal\/forgot-password$/);
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');
      await expect(page.getByRole('button', { name: 'Email me a link' })).toHaveCount(0);

      const link = await mailboxLink(page, user.email, 'Choose a new password');
      expect(new URL(link).pathname).toBe('/portal/reset-password');
      // Opening the link shows the form without using the link up (axe needs client script: another browser).
      await after.page.goto(link);
      await expect(after.page.getByLabel('New password', { exact: true })).toBeVisible();
      await expectAccessible(after.page);
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('The same password again').fill(`${NEW_PASSWORD}-typo`);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await expect(page.locator('form').getByRole('alert')).toHaveText(/The two passwords differ/);
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('The same password again').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await expect(page.getByRole('status')).toContainText('Your new password is set');

      // The link works once.
      await page.goto(link);
      await expect(page.getByRole('alert').filter({ hasText: 'used, expired or unknown' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Set the new password' })).toHaveCount(0);

      // The session signed in before the reset has ended; the new password signs in, the old one does not.
      await before.page.goto('/portal');
      await expect(before.page).toHaveURL(/\/portal\/sign-in/);
      await after.page.goto('/portal/sign-in');
      await after.page.getByLabel('Email').fill(user.email);
      await after.page.getByLabel('Password').fill(user.password);
      await after.page.getByRole('button', { name: 'Sign in' }).click();
      await expect(after.page.locator('form').getByRole('alert')).toHaveText('The email or password is not correct.');
      await signIn(after.page, { email: user.email, password: NEW_PASSWORD });
    } finally {
      await Promise.all([before.context.close(), phone.context.close(), after.context.close()]);
    }
  });

  test('an unknown address gets the same answer and no mail; a made-up link shows no form', async ({ page }) => {
    const email = `nobody-${Date.now()}@unknown.example`;
    await page.goto('/portal/forgot-password');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toContainText('a link to choose a new password is on its way');
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.goto(`/portal/reset-password?token=${'A'.repeat(43)}`);
    await expect(page.getByRole('alert').filter({ hasText: 'used, expired or unknown' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  });
});
