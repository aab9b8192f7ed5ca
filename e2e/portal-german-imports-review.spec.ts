// Imports and the review queue in German: an administrator who chose German uploads an ERP file through the German
// upload form (and sees its German refusal of a missing file), watches the import complete with its progress and row
// errors, submits it, and rejects a batch in the review queue, whose run reports its result in German.
import type { Locator, Page } from '@playwright/test';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { createSubmittedBatch, createTestImportJob } from '../testing/batch-review';
import { expect, test } from '../testing/e2e/fixtures';
import { batchCard, importFixture } from '../testing/e2e/imports';
import { choosePortalLanguage, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

const PASSPORTS = 2;

async function confirmAndPress(form: Locator, button: string) {
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: button }).click();
}

async function expectGerman(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

test('imports in German: the list, the upload form with its refusal, an import with its progress and row errors', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { company, users } = await newPortalCompany(['ADMIN']);
  const fixture = await importFixture(company.id, PASSPORTS);
  await choosePortalLanguage(users.ADMIN, 'de');
  await signIn(page, users.ADMIN);

  await page.goto('/portal/imports');
  await expectGerman(page, 'Importe');
  await expect(page).toHaveTitle(/Importe/);
  await expect(page.getByText('Noch keine Importe.')).toBeVisible();
  await expectAccessible(page);

  // The upload form in German; a post without a file comes back with the German refusal.
  await page.getByRole('link', { name: 'Datei importieren' }).click();
  await expectGerman(page, 'Datei importieren');
  await expect(page.getByLabel('Batteriemodell (optional: die Zeilen sind seine Artikel)')).toContainText(
    'Keines: eigenständige Pässe',
  );
  await expectAccessible(page);
  await page.getByLabel('Datei (CSV, XLSX oder JSON Lines)').evaluate((input) => input.removeAttribute('required'));
  await page.getByRole('button', { name: 'Hochladen und importieren' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die Datei wurde nicht importiert' })).toHaveText(
    'Die Datei wurde nicht importiert: Wählen Sie eine Datei zum Importieren.',
  );

  await page.getByLabel('Datei (CSV, XLSX oder JSON Lines)').setInputFiles({
    name: fixture.fileName,
    mimeType: 'text/csv',
    buffer: fixture.file,
  });
  await page.getByLabel('ERP-Zuordnung').selectOption(fixture.mapping.id);
  await page.getByRole('button', { name: 'Hochladen und importieren' }).click();
  await expect(page).toHaveURL(/\/portal\/imports\/[0-9a-f-]{36}$/);

  // The import's page: status, progress and counts in German, refreshing itself until the import completes.
  await expectGerman(page, `Import ${fixture.fileName}`);
  await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toContainText('Abgeschlossen', {
    timeout: 60_000,
  });
  const rows = PASSPORTS + 1;
  const progress = page.getByRole('progressbar', { name: 'Gelesene Zeilen:' });
  await expect(progress).toHaveAttribute('value', String(rows));
  await expect(page.getByText(`${rows} von ${rows}`)).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Zeilen mit Fehlern' })).toBeVisible();

  // The broken row in the German errors table, with its download link.
  const errors = page.getByRole('table', { name: 'Zeilenfehler' });
  await expect(errors.getByRole('columnheader', { name: 'Meldung' })).toBeVisible();
  await expect(
    errors.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(fixture.badRow) }) }),
  ).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Fehler als CSV herunterladen' })).toBeVisible();
  await expectAccessible(page);

  // Submitting it for review, in German.
  await confirmAndPress(page.getByRole('form', { name: 'Zur Prüfung einreichen' }), 'Zur Prüfung einreichen');
  await expect(page.getByText(`${PASSPORTS} Pässe in einer Charge`)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Prüfwarteschlange öffnen' })).toBeVisible();

  // The list names its status and counts in German, the upload time in German form.
  await page.getByRole('link', { name: 'Alle Importe' }).click();
  await expectGerman(page, 'Importe');
  const row = page.getByRole('row').filter({ hasText: fixture.fileName });
  await expect(page.getByRole('columnheader', { name: 'Gelesene Zeilen' })).toBeVisible();
  await expect(row).toContainText('Abgeschlossen');
  await expect(row).toContainText(`${rows} von ${rows}`);
  await expect(row.locator('time')).toHaveText(/^\d{1,2}\. \S+ \d{4}, \d{2}:\d{2} UTC$/);
  await expectAccessible(page);
});

test('the review queue in German: a passport submitted on its own, a batch with its readiness, rejected with its German result', async ({
  page,
}) => {
  const { company, users } = await newPortalCompany(['ADMIN']);
  const single = await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED', category: 'LMT_BATTERY' });
  const job = await createTestImportJob(company.id, { fileName: `abgelehnt-${company.slug}.csv` });
  const examples = exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);
  const withoutModel = Object.fromEntries(Object.entries(examples).filter(([field]) => field !== 'model_number'));
  const products = await createSubmittedBatch(job, PASSPORTS, (i) => (i === 0 ? withoutModel : examples));
  await choosePortalLanguage(users.ADMIN, 'de');
  await signIn(page, users.ADMIN);

  await page.goto('/portal/review');
  await expectGerman(page, 'Prüfwarteschlange');
  await expect(page).toHaveTitle(/Prüfwarteschlange/);
  await expect(page.getByRole('heading', { level: 2, name: 'Importierte Chargen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Einzeln eingereichte Pässe' })).toBeVisible();
  const queued = page.getByRole('row').filter({ hasText: single.name });
  await expect(queued).toContainText('Batterie für leichte Verkehrsmittel (LV)');
  await expect(queued).toContainText('Erstveröffentlichung: Version 1');
  await expect(page.getByText('1 Pass auf dieser Seite')).toBeVisible();

  // The batch: its counts, and the missing field by its German label.
  const card = batchCard(page, job.fileName!);
  await expect(card).toContainText(`${PASSPORTS} Pässe warten auf Prüfung`);
  await expect(card.getByRole('link', { name: 'Import öffnen' })).toBeVisible();
  const failures = card.getByRole('table', {
    name: 'Fehlende oder ungültige Pflichtfelder nach Feld, in dieser Charge',
  });
  await expect(failures.getByRole('rowheader', { name: 'Batteriemodell model_number' })).toBeVisible();
  await expect(failures.getByRole('columnheader', { name: 'Fehlt bei' })).toBeVisible();
  await expect(card.getByRole('form', { name: 'Charge freigeben' })).toContainText(
    `Alle ${PASSPORTS} Pässe dieser Charge veröffentlichen, jeweils als nächste Version.`,
  );
  await expectAccessible(page);

  // Rejecting the batch with a reason: the run reports its result in German.
  const reject = card.getByRole('form', { name: 'Charge ablehnen' });
  await reject.getByRole('textbox', { name: 'Begründung' }).fill('Falscher Zelllieferant in diesem Export');
  await confirmAndPress(reject, 'Charge ablehnen');
  await expect(card.getByRole('status').filter({ hasText: 'Abgeschlossen' })).toHaveText(
    `Abgeschlossen: ${PASSPORTS} erledigt, 0 fehlgeschlagen.`,
    { timeout: 60_000 },
  );
  await expect(card.getByRole('progressbar', { name: 'Zurücksetzen in den Entwurf:' })).toHaveAttribute(
    'value',
    String(PASSPORTS),
  );
  await expectAccessible(page);
  for (const p of await db().product.findMany({ where: { id: { in: products.map((x) => x.id) } } }))
    expect(p).toMatchObject({ state: 'DRAFT', rejectionReason: 'Falscher Zelllieferant in diesem Export' });
});
