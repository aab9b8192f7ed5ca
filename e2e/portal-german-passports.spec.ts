// The passport list and a passport's overview in German: an administrator who chose German searches and filters the
// list by state, category and mode with German labels and options, reads the overview's sections (header, tabs,
// lifecycle, readiness, EU registry, QR code, components, traceability), sends a submitted passport back to draft and
// withdraws a published one through the German lifecycle forms, and reads each outcome in German.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../testing/e2e/fixtures';
import { choosePortalLanguage, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

const tag = () => randomBytes(4).toString('hex');
const rowIds = (page: Page) =>
  page.locator('tr[data-passport]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-passport')));
const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const panel = (page: Page) => page.getByRole('region', { name: 'Lebenszyklus' });
const lifecycleForm = (page: Page, title: string) => panel(page).getByRole('form', { name: title });

async function germanAdmin() {
  const { company, users } = await newPortalCompany(['ADMIN']);
  await choosePortalLanguage(users.ADMIN, 'de');
  return { company, admin: users.ADMIN };
}

test('the passport list in German: headings, columns, filters and their German results', async ({ page }) => {
  const { company, admin } = await germanAdmin();
  const t = tag();
  const draft = await createTestProduct(db(), { companyId: company.id, name: `Alpha Pack ${t}` });
  const published = await createTestProduct(db(), {
    companyId: company.id,
    name: `Beta Pack ${t}`,
    category: 'LMT_BATTERY',
    state: 'APPROVED',
    version: 2,
  });
  const sandbox = await createTestProduct(db(), { companyId: company.id, name: `Gamma Sandbox ${t}`, mode: 'TEST' });
  await signIn(page, admin);

  await page.goto('/portal/passports');
  await expect(page.getByRole('heading', { level: 1, name: 'Pässe' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(/Pässe/);
  expect((await rowIds(page)).sort()).toEqual([draft.id, published.id, sandbox.id].sort());
  for (const column of ['Name', 'Kategorie', 'Status', 'Modus', 'Version', 'Register', 'Geändert']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.locator(`tr[data-passport="${published.id}"]`)).toContainText('Veröffentlicht');
  await expect(page.locator(`tr[data-passport="${draft.id}"]`)).toContainText('Entwurf');
  await expect(page.locator(`tr[data-passport="${sandbox.id}"]`)).toContainText('Test');
  await expectAccessible(page);

  const search = page.getByRole('search', { name: 'Pässe' });
  await expect(search.getByLabel('Suchen')).toHaveAttribute(
    'placeholder',
    'Name, Slug, GTIN, Serien- oder Chargennummer',
  );
  await expect(search.getByLabel('Modus')).toContainText('Test (Sandbox)');
  await expect(search.getByLabel('EU-Register')).toContainText('Alle Registrierungen');
  await search.getByLabel('Status').selectOption({ label: 'Veröffentlicht' });
  await search.getByRole('button', { name: 'Suchen' }).click();
  await expect(page).toHaveURL(/state=published/);
  expect(await rowIds(page)).toEqual([published.id]);
  await expect(search.getByRole('link', { name: 'Filter zurücksetzen' })).toBeVisible();

  await search.getByLabel('Modus').selectOption({ label: 'Test (Sandbox)' });
  await search.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('Kein Pass entspricht dieser Suche und diesen Filtern.')).toBeVisible();
  await expectAccessible(page);
  await search.getByRole('link', { name: 'Filter zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/portal\/passports$/);
  expect(await rowIds(page)).toHaveLength(3);
});

test('a passport’s overview and lifecycle forms in German: reject a submitted passport, withdraw a published one', async ({
  page,
}) => {
  test.slow(); // two passports through the lifecycle, axe on each state
  const { company, admin } = await germanAdmin();
  const submitted = await createTestProduct(db(), {
    companyId: company.id,
    name: `Geprüfter Pack ${tag()}`,
    state: 'SUBMITTED',
  });
  const published = await createPublishedPassport(db(), { companyId: company.id, name: `Veröffentlichter ${tag()}` });
  const successor = await createPublishedPassport(db(), { companyId: company.id, name: `Nachfolger ${tag()}` });
  await signIn(page, admin);

  // The overview of a submitted passport: header, tabs and every section in German.
  await page.goto(`/portal/passports/${submitted.id}`);
  await expect(page.getByRole('heading', { level: 1, name: submitted.name })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const tabs = page.getByRole('navigation', { name: 'Ansichten des Passes' });
  await expect(tabs.getByRole('link', { name: 'Übersicht' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Datenfelder', 'Dokumente', 'Versionen', 'Aktivität']) {
    await expect(tabs.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const summary = page.getByTestId('passport-summary');
  await expect(summary).toContainText('Eingereicht');
  await expect(summary).toContainText('Veröffentlichte Version');
  await expect(summary).toContainText('Noch keine');
  for (const heading of [
    'Lebenszyklus',
    'Vollständigkeit und Veröffentlichungsprüfung',
    'EU-Register',
    'QR-Code',
    'Komponenten',
    'Rückverfolgbarkeit',
  ]) {
    await expect(h2(page, heading)).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Prüfpunkte der Veröffentlichungsprüfung' })).toBeVisible();
  await expect(page.getByTestId('registry-state')).toHaveText(
    'Nicht registriert: Ein Pass wird im EU-Register registriert, sobald er erstmals veröffentlicht ist.',
  );
  await expect(
    page.getByText('Keine Komponenten: Dieser Pass führt keine anderen Pässe als seine Bestandteile.'),
  ).toBeVisible();
  await expect(lifecycleForm(page, 'Freigeben und veröffentlichen').getByRole('button')).toHaveText(
    'Version 1 veröffentlichen',
  );
  await expectAccessible(page);

  // Sending it back: the German form, its German outcome and the returned draft's German header and forms.
  const reject = lifecycleForm(page, 'Als Entwurf zurückgeben');
  await reject.getByLabel('Begründung', { exact: true }).fill('Die CO2-Studie fehlt.');
  await expect(reject.getByRole('checkbox')).toHaveAccessibleName(
    `${submitted.name} mit dieser Begründung als Entwurf zurückgeben`,
  );
  await reject.getByRole('checkbox').check();
  await reject.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(panel(page).getByRole('status')).toHaveText(
    'Als Entwurf zurückgegeben; die Integration kann Ihre Begründung lesen.',
  );
  await expect(lifecycleForm(page, 'Zur Prüfung einreichen')).toBeVisible();
  await expect(page.getByTestId('rejection-reason')).toHaveText(
    'Von einer Prüferin oder einem Prüfer zurückgegeben: Die CO2-Studie fehlt.',
  );

  // A published passport: its lifecycle forms, the withdrawal's fields, and the withdrawal's German outcome.
  await page.goto(`/portal/passports/${published.id}`);
  for (const title of [
    'Überarbeitung beginnen',
    'Zurückziehen',
    'Als abgelöst markieren',
    'Als recycelt markieren (Lebensende)',
  ]) {
    await expect(lifecycleForm(page, title)).toBeVisible();
  }
  await expect(h2(page, 'Übergabe an einen anderen Wirtschaftsakteur')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'QR-Code' }).getByRole('link', { name: 'SVG herunterladen' }),
  ).toBeVisible();
  await expectAccessible(page);
  const withdraw = lifecycleForm(page, 'Zurückziehen');
  await expect(withdraw.getByRole('checkbox')).toHaveAccessibleName(
    `${published.name} zurückziehen: Der öffentliche Pass antwortet sofort mit 410`,
  );
  await withdraw.getByLabel('Begründung', { exact: true }).fill('Rückruf der Charge 7');
  await withdraw.getByLabel('Kontakt des Herstellers (optional)').fill('rueckruf@example.de');
  await withdraw.getByLabel('Nachfolgepass (optional)').selectOption({ label: successor.name });
  await withdraw.getByRole('checkbox').check();
  await withdraw.getByRole('button', { name: 'Pass zurückziehen' }).click();
  await expect(panel(page).getByRole('status')).toHaveText(
    'Zurückgezogen: Der öffentliche Pass zeigt jetzt den Rücknahmehinweis.',
  );
  await expect(lifecycleForm(page, 'Wieder aktivieren')).toBeVisible();
  await expect(panel(page)).toContainText('Zurückgezogen am');
  await expect(page.getByTestId('passport-summary')).toContainText('Zurückgezogen');
  await expectAccessible(page);
});
