import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';

test.describe('portal sign-in', () => {
  test('an operator signs in with email and password, sees their company and role, and signs out', async ({ page }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    await signIn(page, users.EDITOR);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Portal' })).toContainText(company.name);
    await expect(page.getByTestId('operator-role')).toHaveText('EDITOR');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in/);
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/portal\/sign-in\?callbackUrl=%2Fportal$/);
  });

  test('the sign-in page is accessible and a wrong password gets a message that does not say which part was wrong', async ({
    page,
  }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    await page.goto('/portal/sign-in');
    await expectAccessible(page);
    for (const attempt of [
      { ...users.ADMIN, password: 'not-the-password' },
      { email: 'nobody@unknown.example', password: 'whatever-123' },
    ]) {
      await page.getByLabel('Email').fill(attempt.email);
      await page.getByLabel('Password').fill(attempt.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.locator('form').getByRole('alert')).toHaveText('The email or password is not correct.');
    }
    await expect(page).toHaveURL(/\/portal\/sign-in/);
  });

  test('five wrong passwords refuse that address for a while, even with the right password, while the owner still signs in from another address', async ({
    page,
    browser,
  }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    await page.goto('/portal/sign-in');
    for (let i = 0; i < 5; i += 1) {
      await page.getByLabel('Email').fill(users.ADMIN.email);
      await page.getByLabel('Password').fill(`wrong-password-${i}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.locator('form').getByRole('alert')).toHaveText('The email or password is not correct.');
    }
    await page.getByLabel('Password').fill(users.ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/Too many sign-in attempts/);

    // The operator, from an address that has not failed: the attacker above cannot keep them out.
    const owner = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
    await signIn(await owner.newPage(), users.ADMIN);
    await owner.close();
  });

  test('a portal page without a session redirects to sign-in and returns there afterwards', async ({ page }) => {
    const { users } = await newPortalCompany(['REVIEWER']);
    await page.goto('/portal/audit');
    await expect(page).toHaveURL(/\/portal\/sign-in\?callbackUrl=%2Fportal%2Faudit$/);
    await signIn(page, users.REVIEWER, /\/portal\/audit$/, { navigate: false });
  });

  test('the sign-in page refuses to send the browser to another site after sign-in', async ({ page }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    await page.goto('/portal/sign-in?callbackUrl=https://evil.example/steal');
    await page.getByLabel('Email').fill(users.ADMIN.email);
    await page.getByLabel('Password').fill(users.ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/portal$/);
  });

  test('a disabled operator loses access at once, whatever the session cookie says', async ({ page }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    await signIn(page, users.ADMIN);
    await db().user.update({ where: { id: users.ADMIN.id }, data: { disabledAt: new Date() } });
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/portal\/sign-in/);
  });
});
