// The portal's BMS secrets: created with a product list and shown once, proven against the real BMS endpoint,
// revoked with immediate effect; product ids of another company refused; administrators only.
import { randomUUID } from 'node:crypto';
import { db, send } from '../testing/e2e/bms';
import { expect, test } from '../testing/e2e/fixtures';
import { publishTestPassport } from '../testing/e2e/passport-pages';
import { expectAccessible, formMessage, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestBmsSecret, createTestOperator, createTestProduct } from '../testing/factories';

const update = { formDataPatch: { current_soh_pct: 88.5 } };

test.describe('portal BMS secrets', () => {
  test('an ADMIN creates a secret limited to one product: shown once, it authenticates a real BMS update for that product only; revoked, it is refused at once', async ({
    page,
  }) => {
    const product = await publishTestPassport({});
    const other = await createTestProduct(db(), {
      companyId: product.companyId,
      name: `Other battery ${randomUUID().slice(0, 6)}`,
    });
    const admin = await createTestOperator(db(), { companyId: product.companyId, role: 'ADMIN' });
    await signIn(page, admin);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'BMS secrets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'BMS secrets' })).toBeVisible();
    await expect(page.getByText('No BMS secrets yet.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'New BMS secret' });
    const name = `Line ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: new RegExp(product.name) }).check();
    await form.getByRole('button', { name: 'Create secret' }).click();
    await expect(formMessage(page)).toHaveText('Created a BMS secret for 1 product(s).');
    const secret = (await page.getByTestId('one-time-secret').locator('code[data-secret="BMS secret"]').textContent())!;
    expect(secret).toMatch(/^bms_[0-9A-Za-z]{40}$/);
    await expectAccessible(page);

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(product.name);
    await expect(row).toContainText('Never');

    const accepted = await send({ productId: product.id, secret, body: update });
    expect(accepted.status).toBe(200);
    const elsewhere = await send({ productId: other.id, secret, body: update });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'FORBIDDEN']);

    await page.reload();
    await expect(page.getByTestId('one-time-secret')).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    await expect(row).not.toContainText('Never');

    await row.getByRole('checkbox', { name: `Revoke “${name}” now` }).check();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByRole('status')).toHaveText('Revoked: the BMS endpoint refuses this secret from now on.');
    await expect(row).toContainText('Revoked');
    const refused = await send({ productId: product.id, secret, body: update });
    expect([refused.status, refused.body]).toEqual([
      401,
      { code: 'BAD_SECRET', error: 'The BMS secret matches no active secret.' },
    ]);
  });

  test("another company's product id is refused with a message naming it and nothing is created; an EDITOR sees Administrators only", async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN', 'EDITOR']);
    const existing = await createTestBmsSecret(db(), company.id, { name: 'Existing secret' });
    const foreign = await publishTestPassport({});
    await signIn(page, users.ADMIN);
    await page.goto('/portal/bms-secrets');
    await expect(page.getByRole('row').filter({ hasText: 'Existing secret' })).toContainText('All products');
    const form = page.getByRole('form', { name: 'New BMS secret' });
    await form.getByLabel('Other product ids').fill(foreign.id);
    await form.getByRole('button', { name: 'Create secret' }).click();
    await expect(form.locator('#productIds-error')).toHaveText(`Not products of this company: ${foreign.id}.`);
    await expect(page.getByTestId('one-time-secret')).toHaveCount(0);
    expect(await db().bmsSecret.count({ where: { companyId: company.id } })).toBe(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/portal\/sign-in/);
    await signIn(page, users.EDITOR);
    await expect(
      page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'BMS secrets' }),
    ).toHaveCount(0);
    await page.goto('/portal/bms-secrets');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeVisible();
    await expect(page.getByText('Existing secret')).toHaveCount(0);
    await expect(page.getByText(existing.id)).toHaveCount(0);
    await expectAccessible(page);
  });
});
