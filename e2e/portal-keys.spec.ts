// The portal's API keys: minting with the one-time display, the admin-key page, revoke and rotate, and the
// administrators-only rule, each checked against the real Integration API with the integrator's client.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { sha256Hex } from '../lib/crypto/secrets';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { clientFor, refusal } from '../testing/e2e/integration';
import { db, expectAccessible, formMessage, newPortalCompany, signIn } from '../testing/e2e/portal';
import { mintTestKey } from '../testing/factories';

/** The values of the one-time box, read as a person would copy them. */
async function revealed(page: Page) {
  const box = page.getByTestId('one-time-secret');
  await expect(box).toBeVisible();
  return {
    key: (await box.locator('code[data-secret="API key"]').textContent())!,
    signingSecret: (await box.locator('code[data-secret="Signing secret"]').textContent())!,
  };
}

test.describe('portal API keys', () => {
  test('an ADMIN mints a key with two scopes: key and signing secret are shown once, work against the API, and a reload no longer shows them', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    await signIn(page, users.ADMIN);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'New integration key' });
    await expect(form.getByRole('checkbox', { name: /dpp:read/ })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /keys:admin/ })).toHaveCount(0);
    await expect(form.getByRole('checkbox', { name: /gdpr:admin/ })).toHaveCount(0);

    const name = `ERP ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: /category:read/ }).check();
    await form.getByRole('checkbox', { name: /dpp:draft:write/ }).check();
    await form.getByLabel('Expires after (days)').fill('30');
    await form.getByRole('button', { name: 'Mint key' }).click();
    await expect(formMessage(page)).toContainText(`Minted the live key “${name}”`);
    const { key, signingSecret } = await revealed(page);
    expect(key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(signingSecret).toMatch(/^sk_/);
    await expect(page.getByRole('button', { name: 'Copy api key' })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue(''); // a successful mint clears the form
    await expectAccessible(page);

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 12));
    await expect(row).toContainText('category:read');
    await expect(row).toContainText('Active');

    const client = clientFor({ key, signingSecret });
    expect((await client.categories()).data.length).toBeGreaterThan(0);
    const product = await client.createProduct({
      name: `Signed ${randomUUID().slice(0, 8)}`,
      categoryCode: 'EV_BATTERY',
    });
    expect((await db().product.findUniqueOrThrow({ where: { id: product.id } })).companyId).toBe(company.id);

    const stored = await db().apiKey.findFirstOrThrow({ where: { companyId: company.id } });
    expect(stored).toMatchObject({ keyHash: sha256Hex(key), createdByUserId: users.ADMIN.id });
    expect([...stored.scopes].sort()).toEqual(['category:read', 'dpp:draft:write']);
    expect(stored.signingSecretEnc).not.toContain(signingSecret.slice(3));

    await page.reload();
    await expect(page.getByTestId('one-time-secret')).toHaveCount(0);
    await expect(row).not.toContainText('Never'); // last used: set by the two API calls above
    const html = await page.content();
    expect(html).not.toContain(key);
    expect(html).not.toContain(signingSecret);
  });

  test('invalid allowed addresses and a key without scopes are refused with the API rule, and nothing is minted', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    await signIn(page, users.ADMIN);
    await page.goto('/portal/keys');
    const form = page.getByRole('form', { name: 'New integration key' });
    await form.getByLabel('Name').fill('Bad CIDR');
    await form.getByRole('checkbox', { name: /dpp:read/ }).check();
    await form.getByLabel('Allowed addresses (CIDR)').fill('203.0.113.0/24\nnot-a-range');
    await form.getByRole('button', { name: 'Mint key' }).click();
    await expect(formMessage(page)).toHaveText('Not an IPv4 or IPv6 CIDR range: not-a-range.');
    await expect(form.locator('#allowedCidrs-error')).toHaveText('Not an IPv4 or IPv6 CIDR range: not-a-range.');
    await expect(page.getByTestId('one-time-secret')).toHaveCount(0);
    await expect(form.getByLabel('Name')).toHaveValue('Bad CIDR'); // a refused form keeps what was entered

    await form.getByLabel('Name').fill('No scopes');
    await form.getByLabel('Allowed addresses (CIDR)').fill('');
    await form.getByRole('checkbox', { name: /dpp:read/ }).uncheck();
    await form.getByRole('button', { name: 'Mint key' }).click();
    await expect(form.locator('#scopes-error')).toHaveText('A key needs at least one scope.');
    expect(await db().apiKey.count({ where: { companyId: company.id } })).toBe(0);
  });

  test('the admin-key page mints a key with keys:admin alone, which then manages keys through the API', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    await signIn(page, users.ADMIN);
    await page.goto('/portal/keys');
    await page.getByRole('link', { name: 'New admin key' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New admin key' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('An admin key is powerful.');
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'New admin key' });
    await expect(form.getByRole('checkbox')).toHaveCount(1); // the confirmation only: no scope picker of many
    await form.getByLabel('Name').fill('Key manager');
    await form.getByRole('radio', { name: /keys:admin/ }).check();
    await form.getByRole('checkbox', { name: /I understand what this key can do/ }).check();
    await form.getByRole('button', { name: 'Mint admin key' }).click();
    await expect(formMessage(page)).toContainText('Minted the admin key “Key manager” (keys:admin');
    const { key, signingSecret } = await revealed(page);
    await expectAccessible(page);

    const admin = clientFor({ key, signingSecret });
    const listed = await admin.listKeys();
    expect(listed.data).toEqual([
      expect.objectContaining({ name: 'Key manager', scopes: ['keys:admin'], mode: 'live' }),
    ]);
    expect((await refusal(admin.categories())).code).toBe('FORBIDDEN_SCOPE');

    await form.getByLabel('Name').fill('GDPR sandbox');
    await form.getByRole('radio', { name: /gdpr:admin/ }).check();
    await form.getByRole('radio', { name: /Sandbox/ }).check();
    await form.getByRole('checkbox', { name: /I understand what this key can do/ }).check();
    await form.getByRole('button', { name: 'Mint admin key' }).click();
    await expect(form.locator('#scope-error')).toHaveText('gdpr:admin is only available on live keys.');
    expect(await db().apiKey.count({ where: { companyId: company.id } })).toBe(1);
  });

  test('revoking a key in the portal makes it fail with 401 at once; rotating shows the successor once and both work during the grace period', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    const old = await mintTestKey(db(), company.id, {
      name: 'Rotating key',
      scopes: ['category:read'],
      allowPrivileged: false,
    });
    const doomed = await mintTestKey(db(), company.id, {
      name: 'Doomed key',
      scopes: ['category:read'],
      expiresInDays: 5,
      allowPrivileged: false,
    });
    const oldClient = clientFor(old);
    const doomedClient = clientFor(doomed);
    await doomedClient.categories();
    await signIn(page, users.ADMIN);

    await page.goto('/portal/keys');
    // The API's Warning rule: a key expiring within 14 days is marked; a fresh one-year key is not.
    await expect(page.getByRole('row').filter({ hasText: 'Doomed key' })).toContainText(
      /This API key expires in 5 day\(s\)/,
    );
    await expect(page.getByRole('row').filter({ hasText: 'Rotating key' })).not.toContainText('This API key');
    await page.getByRole('link', { name: 'Doomed key' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API key “Doomed key”' })).toBeVisible();
    await expectAccessible(page);
    const revoke = page.getByRole('form', { name: 'Revoke key' });
    await revoke.getByRole('checkbox', { name: /requests with this key are refused/ }).check();
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await expect(revoke.getByRole('status')).toHaveText('Revoked: requests with this key are refused from now on.');
    await expect(page.getByTestId('key-status')).toContainText('Revoked');
    const refused = await refusal(doomedClient.categories());
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_API_KEY']);

    await page.goto(`/portal/keys/${old.id}`);
    const rotate = page.getByRole('form', { name: 'Rotate key' });
    await expect(rotate.getByLabel('Grace period (hours)')).toHaveValue('24');
    await rotate.getByRole('button', { name: 'Rotate key' }).click();
    await expect(rotate.getByRole('status')).toContainText('Rotated: the new key is pk_live_');
    const successor = await revealed(page);
    expect(successor.key).not.toBe(old.key);
    await expect(page.getByTestId('key-status')).toContainText('Rotated (grace period)');
    await expectAccessible(page);
    await clientFor(successor).categories();
    await oldClient.categories();
    await page.getByRole('link', { name: /^pk_live_/ }).click();
    await expect(page.getByTestId('key-status')).toContainText('Active');
  });

  test("another company's key is not found; an EDITOR sees Administrators only and the server refuses their mint", async ({
    browser,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN', 'EDITOR']);
    const own = await mintTestKey(db(), company.id, { name: 'Own key', allowPrivileged: false });
    const other = await newPortalCompany(['ADMIN']);
    const foreign = await mintTestKey(db(), other.company.id, { name: 'Foreign key', allowPrivileged: false });
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
    const adminPage = await context.newPage();
    await signIn(adminPage, users.ADMIN);
    for (const id of [foreign.id, 'not-a-key']) {
      const response = await adminPage.goto(`/portal/keys/${id}`);
      expect(response?.status()).toBe(404);
      await expect(adminPage.getByText('Foreign key')).toHaveCount(0);
    }

    await adminPage.goto('/portal/keys');
    const form = adminPage.getByRole('form', { name: 'New integration key' });
    await form.getByLabel('Name').fill('Minted by an editor?');
    await form.getByRole('checkbox', { name: /dpp:read/ }).check();

    // Same browser, now signed in as the editor: the form loaded by the admin posts with the editor's session.
    const editorPage = await context.newPage();
    await editorPage.goto('/portal');
    await editorPage.getByRole('button', { name: 'Sign out' }).click();
    await expect(editorPage).toHaveURL(/\/portal\/sign-in/);
    await signIn(editorPage, users.EDITOR);
    await expect(
      editorPage.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'API keys' }),
    ).toHaveCount(0);
    for (const path of ['/portal/keys', '/portal/keys/new-admin', `/portal/keys/${own.id}`]) {
      await editorPage.goto(path);
      await expect(editorPage.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeVisible();
      await expect(editorPage.getByText('Own key')).toHaveCount(0);
    }
    await expectAccessible(editorPage);

    await form.getByRole('button', { name: 'Mint key' }).click();
    await expect(formMessage(adminPage)).toHaveText('Your role (EDITOR) does not allow this action.');
    await expect(adminPage.getByTestId('one-time-secret')).toHaveCount(0);
    expect(await db().apiKey.count({ where: { companyId: company.id } })).toBe(1);
    await context.close();
  });
});
