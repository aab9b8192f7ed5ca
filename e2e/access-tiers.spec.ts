// Access tiers to the letter of Art. 77(2) of Regulation (EU) 2023/1542, on the rendered restricted page: every
// PoLI role against every restricted point of Annex XIII (2: the model's composition and dismantling, 3: its test
// reports, 4: the individual battery, its history of dynamic data included). The table is the law's, not the code's.
import type { Page } from '@playwright/test';
import type { PoliRole } from '../lib/db/generated/enums';
import { POLI_ROLES } from '../lib/poli/roles';
import { ART_77_POINTS } from '../testing/access-tiers';
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { approvedAccessLink, db, type PoliSetup, poliPassport } from '../testing/e2e/poli';

const TABLE = ART_77_POINTS;

/** What each point shows on the page: a field with its marker value, and for point 4 the history chart too. */
const checks = (setup: PoliSetup) => ({
  2: { field: 'cathode_materials', value: setup.mark.cathode },
  3: { field: 'test_reports', value: setup.mark.report },
  4: { field: 'accident_information', value: setup.mark.accident },
});

let setup: PoliSetup;

test.beforeAll(async () => {
  setup = await poliPassport();
  // A short history of dynamic data, so the chart has something to draw.
  await db().$executeRawUnsafe(
    `INSERT INTO "TelemetryReport" ("productId", "reportedAt", "values")
     SELECT $1::uuid, now() - (30 - n) * interval '1 day', jsonb_build_object('current_soh_pct', 100 - n * 0.1, 'current_cycle_count', n * 3)
     FROM generate_series(0, 29) AS n`,
    setup.passport.id,
  );
});

test('the table covers every role the request form offers', () => {
  expect(TABLE.map((r) => r.role).sort()).toEqual(POLI_ROLES.map((r) => r.role).sort());
});

async function grantedPage(browser: import('@playwright/test').Browser, role: PoliRole): Promise<Page> {
  const { accessLink } = await approvedAccessLink(setup, role);
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  const page = await context.newPage();
  await page.goto(accessLink);
  await expect(page.locator('#restricted-view')).toBeVisible();
  return page;
}

for (const { role, points } of TABLE) {
  test(`${role} sees Annex XIII points ${points.join(' and ')} and nothing else`, async ({ browser }) => {
    const page = await grantedPage(browser, role);
    const view = page.locator('#restricted-view');
    await expect(view).toHaveAttribute('data-restricted-role', role);
    await expect(view).toHaveAttribute('data-annex-points', points.join(' '));
    const html = await page.content();
    for (const [point, { field, value }] of Object.entries(checks(setup))) {
      if (points.includes(Number(point) as 2 | 3 | 4)) {
        await expect(view.locator(`[data-field="${field}"]`), `point ${point}`).toContainText(value);
      } else {
        await expect(view.locator(`[data-field="${field}"]`), `point ${point}`).toHaveCount(0);
        expect(html, `point ${point} must not reach the page`).not.toContain(value);
      }
    }
    const history = view.getByTestId('telemetry-history');
    if (points.includes(4)) {
      await expect(history.locator('svg[data-series="soh"]')).toHaveAttribute('data-points', '30');
      await expect(history.getByTestId('telemetry-history-table').locator('tbody tr')).toHaveCount(30);
    } else {
      await expect(history).toHaveCount(0);
    }
    await page.context().close();
  });
}

test('the public page shows no restricted point and no history', async ({ page }) => {
  await page.goto(setup.passport.path);
  await expect(page.locator('#restricted-view')).toHaveCount(0);
  await expect(page.getByTestId('telemetry-history')).toHaveCount(0);
  const html = await page.content();
  for (const value of Object.values(setup.mark)) expect(html).not.toContain(value);
});
