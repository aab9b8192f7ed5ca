import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../testing/e2e/fixtures';
import { auditRow as audit, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct, mintTestKey } from '../testing/factories';

test.describe('portal dashboard', () => {
  test('shows what needs attention for a company with a submitted passport and an expiring key, with accessible SVG charts', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED', category: 'LMT_BATTERY' });
    await createTestProduct(db(), { companyId: company.id, state: 'DRAFT' });
    await mintTestKey(db(), company.id, { expiresInDays: 5 });
    await mintTestKey(db(), company.id, { expiresInDays: 60 });
    // Another company's backlog never shows up in these counts.
    const other = await newPortalCompany([]);
    await createTestProduct(db(), { companyId: other.company.id, state: 'SUBMITTED' });
    await mintTestKey(db(), other.company.id, { expiresInDays: 2 });

    await signIn(page, users.ADMIN);
    const attention = page.getByRole('region', { name: 'Needs your attention' });
    await expect(attention.getByRole('link', { name: '1 passport awaiting review' })).toHaveAttribute(
      'href',
      '/portal/review',
    );
    await expect(attention.getByRole('link', { name: '1 API key expiring within 14 days' })).toHaveAttribute(
      'href',
      '/portal/keys',
    );
    await expect(attention.getByRole('link', { name: '0 access requests awaiting a decision' })).toHaveAttribute(
      'href',
      '/portal/access-requests',
    );
    await expect(attention.getByRole('link', { name: '0 webhook endpoints failing' })).toHaveAttribute(
      'href',
      '/portal/webhooks',
    );

    const byState = page.getByRole('img', { name: 'Passports by state' });
    await expect(byState).toHaveAccessibleDescription(
      'Draft: 1, Submitted: 1, Published: 0, Withdrawn: 0, Deprecated: 0',
    );
    await expect(page.getByRole('img', { name: 'Passports by category' })).toHaveAccessibleDescription(
      /Light means of transport \(LMT\) battery: 1/,
    );
    const bms = page.getByRole('img', { name: 'BMS updates per day, last 30 days' });
    await expect(bms).toBeVisible();
    await expect(bms.locator('rect')).toHaveCount(30);
    await expectAccessible(page);
  });

  test('says nothing needs attention when every count is zero, and leaves admin-only cards to admins', async ({
    page,
  }) => {
    const { users } = await newPortalCompany(['REVIEWER']);
    await signIn(page, users.REVIEWER);
    await expect(page.getByRole('region', { name: 'Needs your attention' })).toContainText(
      'Nothing needs your attention today.',
    );
    await expect(page.getByRole('link', { name: /API key/ })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Passports by state' })).toHaveAccessibleDescription(/Draft: 0/);
    await expectAccessible(page);
  });
});

test.describe('portal audit trail', () => {
  test('filters by event and date range, and the CSV download holds the header and the filtered rows only', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    const product = await createTestProduct(db(), { companyId: company.id });
    const tag = randomBytes(4).toString('hex');
    const inRange = await audit(company, {
      eventType: 'Approve',
      at: '2026-03-01T10:00:00.000Z',
      actorId: `rev-${tag}`,
      productId: product.id,
      context: { version: 2, note: '=1+1' },
    });
    await audit(company, { eventType: 'Approve', at: '2026-03-05T10:00:00.000Z', actorId: `late-${tag}` });
    await audit(company, { eventType: 'Submit', at: '2026-03-01T11:00:00.000Z', actorId: `sub-${tag}` });
    const other = await newPortalCompany([]);
    await audit(other.company, { eventType: 'Approve', at: '2026-03-01T12:00:00.000Z', actorId: `foreign-${tag}` });

    await signIn(page, users.ADMIN);
    await page.goto('/portal/audit');
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toContainText(`rev-${tag}`);
    await expect(page.locator('body')).not.toContainText(`foreign-${tag}`);

    await page.getByLabel('Event').selectOption('Approve');
    await page.getByLabel('From (UTC)').fill('2026-03-01');
    await page.getByLabel('To (UTC)').fill('2026-03-02');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/event=Approve/);
    await expect(page).toHaveURL(/from=2026-03-01/);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-audit-id', inRange.id);
    await expect(rows.first()).toContainText('2026-03-01 10:00:00 UTC');
    await expect(rows.first().getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/portal/passports/${product.id}`,
    );
    await expect(rows.first()).toContainText('version');
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,event,actorRole,actorId,channel,productId,productSlug,productName,context,id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `2026-03-01T10:00:00.000Z,Approve,REVIEWER,rev-${tag},Portal,${product.id},${product.slug},${product.name},"{""note"":""=1+1"",""version"":2}",${inRange.id}`,
    );

    const everything = await (await page.request.get('/portal/audit/export')).text();
    expect(everything).toContain(`late-${tag}`);
    expect(everything).not.toContain(`foreign-${tag}`);
  });

  test('an invalid filter gets a clear message, a foreign product finds nothing, and the export needs a session', async ({
    page,
    playwright,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    const other = await newPortalCompany([]);
    const foreignProduct = await createTestProduct(db(), { companyId: other.company.id });
    await audit(other.company, {
      eventType: 'Approve',
      at: '2026-03-01T12:00:00.000Z',
      actorId: 'foreign',
      productId: foreignProduct.id,
    });
    await audit(company, { eventType: 'Submit', at: '2026-03-01T12:00:00.000Z', actorId: 'mine' });
    await signIn(page, users.EDITOR);

    await page.goto('/portal/audit?from=2026-03-09&to=2026-03-01');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The "from" date must not be after the "to" date.' }),
    ).toBeVisible();
    await expect(page.getByLabel('To (UTC)')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    const refused = await page.request.get('/portal/audit/export?channel=Email');
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('The channel must be one of Portal, API, System.');

    await page.goto(`/portal/audit?product=${foreignProduct.id}`);
    await expect(page.getByText('No audit entries match these filters.')).toBeVisible();

    const anonymous = await playwright.request.newContext({ baseURL: page.url() });
    const response = await anonymous.get('/portal/audit/export', { maxRedirects: 0 });
    expect([302, 303, 307]).toContain(response.status());
    expect(response.headers().location).toContain('/portal/sign-in');
    await anonymous.dispose();
  });
});
