// The portal's webhook endpoints: create with the one-time secret, a real delivery to a receiver started in the
// test (the server runs the delivery worker; playwright.config.ts sets WEBHOOKS_ALLOW_PRIVATE=1), its history,
// redelivery, pause; tenant isolation and the administrators-only rule.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e/fixtures';
import { newKey, newTenant } from '../testing/e2e/integration';
import { db, expectAccessible, formMessage, newPortalCompany, signIn } from '../testing/e2e/portal';
import { eventually } from '../testing/poll';
import { TestReceiver, verifies } from '../testing/webhooks';

/** Polls until `check` returns a value; the bound covers the worker's first cron tick after server start. */
const delivered = <T>(check: () => T | undefined) => eventually(check, { timeoutMs: 120_000, everyMs: 500 });

/** Reloads the history until the delivery row shows `attempts` attempts and the status. */
async function expectAttempts(page: Page, attempts: number, status: string) {
  await expect(async () => {
    await page.reload();
    const row = page.locator('tr[data-delivery-id]').first();
    await expect(row.getByTestId('attempt-count')).toHaveText(String(attempts), { timeout: 1_000 });
    await expect(row).toContainText(status, { timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000] });
}

test.describe('portal webhooks', () => {
  test('an ADMIN creates an endpoint (secret shown once), sees the delivery in its history, redelivers it and sees a new attempt', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const receiver = await new TestReceiver().start();
    try {
      const { company, users } = await newPortalCompany(['ADMIN']);
      await signIn(page, users.ADMIN);
      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
      await expect(page.getByText('No live webhook endpoints yet.')).toBeVisible();
      await expectAccessible(page);

      const form = page.getByRole('form', { name: 'New webhook endpoint' });
      await form.getByLabel('URL').fill(receiver.url);
      await form.getByLabel('Description').fill('ERP sync');
      await form.getByRole('checkbox', { name: 'product.created' }).check();
      await form.getByRole('button', { name: 'Create endpoint' }).click();
      await expect(formMessage(page)).toContainText(`Created the live endpoint ${receiver.url}`);
      const secret = (await page
        .getByTestId('one-time-secret')
        .locator('code[data-secret="Signing secret"]')
        .textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible(page);

      await page.getByRole('link', { name: receiver.url }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeVisible();
      await expect(page.getByText('No deliveries yet')).toBeVisible();
      expect(await page.content()).not.toContain(secret);
      await expectAccessible(page);

      const { client } = await newKey(company.id);
      const product = await client.createProduct({
        name: `Hooked ${randomUUID().slice(0, 8)}`,
        categoryCode: 'EV_BATTERY',
      });
      const first = await delivered(() => receiver.received[0]);
      expect(verifies(first, secret)).toBe(true);
      expect(first.payload).toMatchObject({ type: 'product.created', data: { productId: product.id } });

      await expectAttempts(page, 1, 'Delivered');
      const row = page.locator('tr[data-delivery-id]').first();
      await expect(row).toContainText('product.created');
      await expect(row).toContainText(first.payload.id);
      await expect(row).toContainText('HTTP 200');
      await expectAccessible(page);

      await row.getByRole('button', { name: 'Redeliver' }).click();
      await expect(row.getByRole('status')).toHaveText('Queued attempt 2; it is sent within seconds.');
      const again = await delivered(() => receiver.received[1]);
      expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verifies(again, secret)).toBe(true);
      await expectAttempts(page, 2, 'Delivered');

      const state = page.getByRole('form', { name: 'Enable or disable endpoint' });
      await state.getByRole('button', { name: 'Disable endpoint' }).click();
      await expect(state.getByRole('status')).toContainText('Disabled');
      await expect(page.getByTestId('endpoint-state')).toContainText('Disabled in the portal.');

      const remove = page.getByRole('form', { name: 'Delete endpoint' });
      await remove.getByRole('checkbox', { name: /this endpoint and its history are deleted/ }).check();
      await remove.getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(page).toHaveURL(/\/portal\/webhooks$/);
      await expect(page.getByText('No live webhook endpoints yet.')).toBeVisible();
      expect(await db().webhookEndpoint.count({ where: { companyId: company.id } })).toBe(0);
    } finally {
      await receiver.stop();
    }
  });

  test("sandbox endpoints are listed under their own mode; another company's endpoint is not found; an EDITOR sees Administrators only", async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN', 'EDITOR']);
    const { client: stranger } = await newTenant();
    const foreign = await stranger.createWebhookEndpoint({ url: 'http://127.0.0.1:9/hook', eventTypes: ['*'] });
    await signIn(page, users.ADMIN);

    await page.goto('/portal/webhooks?mode=test');
    const form = page.getByRole('form', { name: 'New webhook endpoint' });
    await expect(form.getByRole('radio', { name: /Sandbox/ })).toBeChecked();
    await form.getByLabel('URL').fill('http://127.0.0.1:9/sandbox-hook');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect(form.locator('#eventTypes-error')).toHaveText('Choose at least one event type, or all of them.');
    await form.getByRole('checkbox', { name: 'All event types, present and future' }).check();
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect(formMessage(page)).toContainText('Created the sandbox endpoint');
    await expect(page.getByRole('row').filter({ hasText: '/sandbox-hook' })).toContainText('Sandbox');
    await page.getByRole('link', { name: 'Live endpoints' }).click();
    await expect(page.getByText('No live webhook endpoints yet.')).toBeVisible();

    const response = await page.goto(`/portal/webhooks/${foreign.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('127.0.0.1:9/hook')).toHaveCount(0);

    await page.goto('/portal');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in/);
    await signIn(page, users.EDITOR);
    const sandbox = await db().webhookEndpoint.findFirstOrThrow({ where: { companyId: company.id } });
    for (const path of ['/portal/webhooks', '/portal/webhooks?mode=test', `/portal/webhooks/${sandbox.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeVisible();
      await expect(page.getByText('/sandbox-hook')).toHaveCount(0);
    }
    await expectAccessible(page);
  });
});
