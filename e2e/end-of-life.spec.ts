// End of life (Art. 77(8) of Regulation (EU) 2023/1542) and the history of dynamic data over HTTP and in the
// browser: a recycled passport refuses writes (Integration API, BMS, portal) and shows its end-of-life notice; the
// history of 10,000 reports is drawn on the portal's passport page and paged by the Integration API.
import type { Page } from '@playwright/test';
import { bmsTenant, send } from '../testing/e2e/bms';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, newKey, refusal } from '../testing/e2e/integration';
import { db, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport } from '../testing/factories';

const panel = (page: Page) => page.getByRole('region', { name: 'Lifecycle' });

test('a passport recycled over the API stays readable with its end-of-life notice and refuses every write', async ({
  page,
}) => {
  const { company, product, secret } = await bmsTenant();
  const { client } = await newKey(company.id, { scopes: ['dpp:read', 'dpp:withdraw'] });
  const note = 'Recycled by Example Recycling GmbH, certificate R-2026-0042';

  const recycled = await client.recycleProduct(product.id, { note });
  expect(recycled.recycledAt).not.toBeNull();
  expect(recycled.publicState).toBe('published');
  const retention = Date.parse(recycled.recycledRetainUntil!) - Date.parse(recycled.recycledAt!);
  expect(retention).toBe(90 * 86_400_000);

  // The public JSON keeps the contract's members and adds the end of life.
  const json = await (await fetch(`${BASE_URL}/api/dpp/${product.slug}`)).json();
  expect(json.status).toBe('published');
  expect(json.endOfLife).toEqual({
    status: 'recycled',
    recycledAt: recycled.recycledAt,
    readableUntil: recycled.recycledRetainUntil,
    note,
  });
  const jsonld = await (await fetch(`${BASE_URL}/api/dpp/${product.slug}/jsonld`)).json();
  expect(jsonld['dpp:endOfLife']['dpp:lifecycleStatus']).toBe('recycled');

  await page.goto(product.path);
  const notice = page.getByTestId('end-of-life-notice');
  await expect(notice.getByRole('heading')).toHaveText('End of life: this battery has been recycled');
  await expect(notice.locator(`time[datetime="${recycled.recycledAt}"]`)).toBeVisible();
  await expect(notice).toContainText(note);

  // Frozen: the Integration API answers 409 PRODUCT_FROZEN, the BMS endpoint 410 PRODUCT_WITHDRAWN.
  for (const attempt of [
    () => client.withdrawProduct(product.id, { reason: 'Recall' }),
    () => client.recycleProduct(product.id, {}),
  ]) {
    const err = await refusal(attempt());
    expect([err.status, err.code]).toEqual([409, 'PRODUCT_FROZEN']);
  }
  const bms = await send({ productId: product.id, secret, body: { formDataPatch: { current_soh_pct: 50 } } });
  expect(bms.status).toBe(410);
  expect(bms.body.code).toBe('PRODUCT_WITHDRAWN');
  expect(await db().telemetryReport.count({ where: { productId: product.id } })).toBe(0);
  expect(await db().webhookEvent.count({ where: { companyId: company.id, type: 'product.recycled' } })).toBe(1);
});

test('a reviewer marks a battery recycled in the portal, which then offers no further action', async ({ page }) => {
  const { company, users } = await newPortalCompany(['REVIEWER']);
  const product = await createPublishedPassport(db(), { companyId: company.id });
  await signIn(page, users.REVIEWER);
  await page.goto(`/portal/passports/${product.id}`);

  const form = panel(page).getByRole('form', { name: 'Mark recycled (end of life)' });
  await form.getByLabel('Reason (optional)').fill('Recycled at Example Recycling, certificate R-7');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Mark recycled' }).click();
  await expect(panel(page).getByRole('status')).toHaveText(
    'Marked recycled: the passport is closed and shows the end-of-life notice.',
  );
  await page.reload();
  await expect(panel(page)).toContainText(/Recycled .*: the passport is closed and stays readable until/);
  await expect(panel(page).getByRole('form')).toHaveCount(0);
  const row = await db().product.findUniqueOrThrow({ where: { id: product.id } });
  expect(row.recycledNote).toBe('Recycled at Example Recycling, certificate R-7');
  expect(await db().auditLog.count({ where: { productId: product.id, eventType: 'Recycle' } })).toBe(1);
});

test('the history of 10,000 reports: charted on the portal page, paged by the Integration API', async ({ page }) => {
  const { company, users } = await newPortalCompany(['EDITOR']);
  const product = await createPublishedPassport(db(), { companyId: company.id, formData: { rated_capacity_ah: 200 } });
  await db().$executeRawUnsafe(
    `INSERT INTO "TelemetryReport" ("productId", "reportedAt", "values")
     SELECT $1::uuid, timestamp '2025-01-01' + n * interval '1 hour',
       jsonb_build_object('current_soh_pct', 100 - n * 0.001, 'current_cycle_count', n, 'remaining_capacity_ah', 200 - n * 0.002)
     FROM generate_series(0, 9999) AS n`,
    product.id,
  );

  await signIn(page, users.EDITOR);
  await page.goto(`/portal/passports/${product.id}?tab=versions`);
  const history = page.getByTestId('telemetry-history');
  await expect(history).toContainText('From 10,000 reports');
  for (const series of ['soh', 'fade', 'cycles'])
    await expect(history.locator(`svg[data-series="${series}"]`)).toHaveAttribute('data-points', '120');
  await expect(history.locator('svg[data-series="soh"]')).toHaveAttribute('aria-label', /^State of health from/);
  await expect(history.getByTestId('telemetry-history-table').locator('tbody tr')).toHaveCount(120);

  const { client } = await newKey(company.id, { scopes: ['dpp:read'] });
  const first = await client.listTelemetry(product.id, { limit: 100, key: 'current_soh_pct' });
  expect(first.data).toHaveLength(100);
  expect(first.data[0]).toEqual({ reportedAt: '2025-01-01T00:00:00.000Z', values: { current_soh_pct: 100 } });
  const second = await client.listTelemetry(product.id, { limit: 100, cursor: first.nextCursor! });
  expect(second.data[0].reportedAt).toBe('2025-01-05T04:00:00.000Z');
  const late = await client.listTelemetry(product.id, { from: '2026-02-21T00:00:00Z', limit: 100 });
  expect(late.data.map((e) => e.reportedAt)).toEqual([
    '2026-02-21T00:00:00.000Z',
    '2026-02-21T01:00:00.000Z',
    '2026-02-21T02:00:00.000Z',
    '2026-02-21T03:00:00.000Z',
    '2026-02-21T04:00:00.000Z',
    '2026-02-21T05:00:00.000Z',
    '2026-02-21T06:00:00.000Z',
    '2026-02-21T07:00:00.000Z',
    '2026-02-21T08:00:00.000Z',
    '2026-02-21T09:00:00.000Z',
    '2026-02-21T10:00:00.000Z',
    '2026-02-21T11:00:00.000Z',
    '2026-02-21T12:00:00.000Z',
    '2026-02-21T13:00:00.000Z',
    '2026-02-21T14:00:00.000Z',
    '2026-02-21T15:00:00.000Z',
  ]);
  expect(late.nextCursor).toBeNull();
});
