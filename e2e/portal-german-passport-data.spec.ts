// The passport page's data, documents, versions and activity tabs in German: an administrator who chose German reads
// the form with the schema's German field names, hints and option labels, saves a group (German confirmation) and
// sees a refused value's message beside its field; documents, versions with the telemetry history and the audit trail
// speak German too, and a version 2 draft offers its move to version 3 in German.
import type { Page } from '@playwright/test';
import type { Prisma } from '../lib/db/generated/client';
import { getCategorySchema } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { SAMPLES } from '../testing/document-samples';
import { expect, test } from '../testing/e2e/fixtures';
import { newKey } from '../testing/e2e/integration';
import { choosePortalLanguage, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function expectGerman(page: Page, heading: string) {
  await expect(h2(page, heading)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
}

async function germanAdmin() {
  const { company, users } = await newPortalCompany(['ADMIN']);
  await choosePortalLanguage(users.ADMIN, 'de');
  return { company, admin: users.ADMIN };
}

test('the data, documents and activity tabs of a draft in German: labels, hints, a save and a refused value', async ({
  page,
}) => {
  test.slow(); // axe on four pages
  const { company, admin } = await germanAdmin();
  const draft = await createTestProduct(db(), {
    companyId: company.id,
    formData: { model_number: 'VX-75', battery_chemistry: 'LFP' },
  });
  const { client } = await newKey(company.id);
  await client.uploadDocument(draft.id, {
    file: SAMPLES.pdf.bytes,
    fileName: 'erklaerung.pdf',
    contentType: 'application/pdf',
    documentType: 'declaration_of_conformity',
    title: 'EU-Konformitätserklärung',
  });
  await signIn(page, admin);

  await page.goto(`/portal/passports/${draft.id}?tab=data`);
  await expectGerman(page, 'Formulardaten');
  await expect(page.getByText('Feldschema EV_BATTERY, Version 3.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Materialien und Chemie' })).toBeVisible();
  const identity = page.getByRole('form', { name: 'Formulardaten – Identität' });
  // The schema's German field names, hints and option labels; the inputs keep their names.
  await expect(identity.getByLabel(/^Batteriemodell/)).toHaveValue('VX-75');
  await expect(identity.getByLabel(/^Batteriemodell/)).toHaveAttribute('name', 'model_number');
  await expect(identity.getByLabel(/^Batteriemodell/)).toHaveAccessibleDescription(
    'Öffentlich. Für die Einreichung erforderlich. Text mit höchstens 100 Zeichen.',
  );
  await expect(page.getByLabel(/^Kathodenmaterialien.*Berechtigtes Interesse/)).toBeVisible();
  await expect(page.getByLabel(/^Kathodenmaterialien/).first()).toHaveAccessibleDescription(
    /^Eingeschränkt: Stufe „Berechtigtes Interesse“\./,
  );
  const chemistry = page.getByLabel(/^Batteriechemie/);
  await expect(chemistry.locator('option:checked')).toHaveText('Lithium-Eisenphosphat (LFP)');
  await expect(chemistry.locator('option').first()).toHaveText('Nicht angegeben');
  await expect(page.getByRole('button', { name: 'Materialien und Chemie speichern' })).toBeVisible();
  await expectAccessible(page);

  // A refused value: the form says nothing was saved and the field carries the API's own message.
  await identity.getByLabel(/^Batteriegewicht/).fill('-5');
  await identity.getByRole('button', { name: 'Identität speichern' }).click();
  await expect(identity.getByRole('alert')).toContainText('nothing was saved');
  await expect(page.locator('#battery_mass_kg-error')).toBeVisible();
  await expect(identity.getByLabel(/^Batteriegewicht/)).toHaveValue('-5');

  await identity.getByLabel(/^Batteriegewicht/).fill('412.5');
  await identity.getByRole('button', { name: 'Identität speichern' }).click();
  await expect(identity.getByRole('status')).toHaveText('Identität gespeichert.');
  await expect(page.locator('#battery_mass_kg-error')).toHaveCount(0);
  expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toMatchObject({
    battery_mass_kg: 412.5,
  });
  await identity.getByRole('button', { name: 'Identität speichern' }).click();
  await expect(identity.getByRole('status')).toHaveText('Kein Wert wurde geändert, daher wurde nichts gespeichert.');

  await page.goto(`/portal/passports/${draft.id}?tab=documents`);
  await expectGerman(page, 'Dokumente');
  for (const column of ['Titel', 'Art', 'Datei', 'Größe', 'Hochgeladen'])
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const document = page.locator('tr[data-document]');
  await expect(document).toContainText('EU-Konformitätserklärung');
  await expect(document.getByRole('link', { name: 'erklaerung.pdf' })).toBeVisible();
  // Size and time as German writes them.
  await expect(document.locator('td').nth(3)).toHaveText(/^\d+(,\d)? (B|KiB)$/);
  await expect(document.locator('td').nth(5)).toHaveText(/^\d{1,2}\. \S+ \d{4}, \d{2}:\d{2} UTC$/);
  await expectAccessible(page);

  await page.goto(`/portal/passports/${draft.id}?tab=versions`);
  await expectGerman(page, 'Versionsverlauf');
  await expect(
    page.getByText('Noch nicht veröffentlicht: Jede Freigabe veröffentlicht eine neue Version mit ihrem Snapshot.'),
  ).toBeVisible();

  await page.goto(`/portal/passports/${draft.id}?tab=activity`);
  await expectGerman(page, 'Prüfprotokoll');
  await expect(page.getByText(/^Die letzten \d+ Einträge zu diesem Pass, neueste zuerst\.$/)).toBeVisible();
  for (const column of ['Zeitpunkt', 'Ereignis', 'Akteur', 'Kanal', 'Details'])
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  // Event codes, roles and channels stay as recorded.
  await expect(page.locator('tr[data-audit="Update"]').first()).toContainText(/ADMIN.*Portal.*battery_mass_kg/);
  await expectAccessible(page);
});

test('a published passport’s read-only data and versions in German, and a version 2 draft’s move in German', async ({
  page,
}) => {
  test.slow(); // axe on three pages
  const { company, admin } = await germanAdmin();
  const published = await createPublishedPassport(db(), {
    companyId: company.id,
    formData: { battery_chemistry: 'LFP' },
  });
  const version = await db().passportVersion.findFirstOrThrow({ where: { productId: published.id, version: 1 } });
  const v2 = getCategorySchema('EV_BATTERY', 2)!;
  const old = await createTestProduct(db(), { companyId: company.id });
  await db().product.update({
    where: { id: old.id },
    data: { schemaVersion: 2, formData: exampleFormData(v2) as Prisma.InputJsonObject },
  });
  await signIn(page, admin);

  // Read-only: German labels and the value as the German viewer writes it.
  await page.goto(`/portal/passports/${published.id}?tab=data`);
  await expectGerman(page, 'Formulardaten');
  await expect(page.locator('[data-field="battery_chemistry"] dt')).toHaveText('Batteriechemie');
  await expect(page.locator('[data-field="battery_chemistry"] dd')).toHaveText('Lithium-Eisenphosphat (LFP)');
  await expect(page.getByRole('button', { name: /speichern$/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/portal/passports/${published.id}?tab=versions`);
  await expectGerman(page, 'Versionsverlauf');
  for (const column of ['Version', 'Veröffentlicht', 'SHA-256 des Snapshots', 'Bytes', 'Schema'])
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  const row = page.locator('tr[data-version="1"]');
  await expect(row.getByRole('link', { name: 'Version 1' })).toBeVisible();
  await expect(row).toContainText(version.sha256);
  await expect(row).toContainText(/UTC/);
  await expect(
    page.getByTestId('telemetry-history').getByRole('heading', { name: 'Alterungszustand und Nutzung im Zeitverlauf' }),
  ).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/portal/passports/${old.id}?tab=data`);
  await expectGerman(page, 'Schemaversion 3 ist verfügbar');
  await expect(page.getByText('Dieser Entwurf verwendet Schemaversion 2.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  const identity = page.getByRole('form', { name: 'Formulardaten – Identität' });
  await expect(identity.getByLabel(/^Warennummer \(KN\)/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Auf Schemaversion 3 umstellen' }).click();
  await expect(identity.getByLabel(/^Warennummer \(KN\)/)).toBeVisible();
  await expect(h2(page, 'Schemaversion 3 ist verfügbar')).toHaveCount(0);
  await expect(page.getByText('Feldschema EV_BATTERY, Version 3.')).toBeVisible();
  expect((await db().product.findUniqueOrThrow({ where: { id: old.id } })).schemaVersion).toBe(3);
});
