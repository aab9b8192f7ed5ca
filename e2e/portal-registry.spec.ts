// The EU registry registration in the portal: the passport list's Registry column and filter, the passport page's
// EU registry section and the dashboard's failure card. The server registers publications with the registry it
// runs in-process (playwright.config.ts: DPP_REGISTRY_URL=local); a failure is set in the database, as the worker
// leaves a refused record (nothing due until the passport changes, so the running worker leaves it alone).
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';
import { setRegistration } from '../testing/portal-passports';

/** The worker passes every 2 s; the bound covers its first tick after the server starts on a busy machine. */
const REGISTRATION_TIMEOUT_MS = 90_000;

const rowIds = (page: Page) =>
  page.locator('tr[data-passport]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-passport')));
const registryCell = (page: Page, productId: string) =>
  page.locator(`tr[data-passport="${productId}"]`).getByTestId('registry');

/** Waits until the registry worker recorded the passport's registration as accepted. */
async function registered(productId: string) {
  await expect
    .poll(async () => (await db().passportRegistration.findUnique({ where: { productId } }))?.status, {
      timeout: REGISTRATION_TIMEOUT_MS,
      intervals: [500, 1_000],
    })
    .toBe('REGISTERED');
  return db().passportRegistration.findUniqueOrThrow({ where: { productId } });
}

test.describe('portal EU registry', () => {
  test('a published passport reads Registered in the list once the registry accepted it, and its page shows the registration', async ({
    page,
  }) => {
    test.setTimeout(REGISTRATION_TIMEOUT_MS + 60_000);
    const { company, users } = await newPortalCompany(['EDITOR']);
    const passport = await createPublishedPassport(db(), { companyId: company.id });
    const draft = await createTestProduct(db(), { companyId: company.id });

    await signIn(page, users.EDITOR);
    await page.goto('/portal/passports');
    await expect(registryCell(page, draft.id)).toHaveText('—');
    await expect(async () => {
      await page.reload();
      await expect(registryCell(page, passport.id)).toHaveText('Registered', { timeout: 1_000 });
    }).toPass({ timeout: REGISTRATION_TIMEOUT_MS, intervals: [1_000] });
    await expectAccessible(page);

    const row = await db().passportRegistration.findUniqueOrThrow({ where: { productId: passport.id } });
    await page.locator(`tr[data-passport="${passport.id}"]`).getByRole('link', { name: passport.name }).click();
    const section = page.getByRole('region', { name: 'EU registry' });
    await expect(section.getByTestId('registry-state')).toHaveText('Registered');
    await expect(section).toContainText(row.registrationId!);
    await expect(section).toContainText('Version 1');
    await expect(section.getByTestId('registry-error')).toHaveText('None');
    await expectAccessible(page);

    await page.goto(`/portal/passports/${draft.id}`);
    await expect(page.getByRole('region', { name: 'EU registry' }).getByTestId('registry-state')).toHaveText(
      /^Not registered/,
    );
  });

  test('a failed registration shows on the dashboard card, in the list filtered by registry state and on the passport page, for its own company only', async ({
    page,
  }) => {
    test.setTimeout(REGISTRATION_TIMEOUT_MS + 60_000);
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const other = await newPortalCompany([]);
    const failing = await createPublishedPassport(db(), { companyId: company.id });
    const fine = await createPublishedPassport(db(), { companyId: company.id });
    const theirs = await createTestProduct(db(), { companyId: other.company.id, state: 'APPROVED', version: 1 });
    await setRegistration(db(), theirs.id, 'FAILED');
    // The update after an accepted registration is refused: it keeps its id and version, and reads failed.
    const before = await registered(failing.id);
    await registered(fine.id);
    const error = `registry refused the record: 422 commodityCode must be 8 digits of heading 8507 (${'x'.repeat(60)})`;
    await setRegistration(db(), failing.id, 'FAILED', { lastError: error, attempts: 1 });

    await signIn(page, users.REVIEWER);
    const card = page
      .getByRole('region', { name: 'Needs your attention' })
      .getByRole('link', { name: '1 passport failed EU registry registration' });
    await expect(card).toHaveAttribute('href', '/portal/passports?registry=failed');
    await expectAccessible(page);

    await card.click();
    await expect(page).toHaveURL(/\/portal\/passports\?registry=failed$/);
    await expect(page.getByRole('search', { name: 'Passports' }).getByLabel('EU registry')).toHaveValue('failed');
    expect(await rowIds(page)).toEqual([failing.id]);
    const cell = registryCell(page, failing.id);
    await expect(cell).toContainText('Failed');
    await expect(cell).toContainText('registry refused the record: 422 commodityCode');
    await expect(cell).toHaveAttribute('title', error);
    await expectAccessible(page);

    const search = page.getByRole('search', { name: 'Passports' });
    await search.getByLabel('EU registry').selectOption('registered');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/registry=registered/);
    expect(await rowIds(page)).toEqual([fine.id]);

    await page.goto(`/portal/passports/${failing.id}`);
    const section = page.getByRole('region', { name: 'EU registry' });
    await expect(section.getByTestId('registry-state')).toHaveText('Failed');
    await expect(section.getByTestId('registry-error')).toHaveText(error);
    await expect(section).toContainText(before.registrationId!);
    await expect(section).toContainText('After the passport’s next change');
    await expectAccessible(page);

    // Another company's passport is a 404 here, its registration included.
    expect((await page.goto(`/portal/passports/${theirs.id}`))?.status()).toBe(404);
    await expect(page.getByRole('region', { name: 'EU registry' })).toHaveCount(0);
  });
});
