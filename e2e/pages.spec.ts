import { expect, test } from '../testing/e2e/fixtures';

test('the home page renders in Chromium with the attribution and a request id', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battery Passport Service');
  await expect(page.getByText('Battery Pass consortium')).toBeVisible();
});

test('an unknown page answers 404 with a page a person can read', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passport not found');
});
