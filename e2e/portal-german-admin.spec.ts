// The administrators' pages (API keys, BMS secrets, webhooks, signing identity) for operators who chose German in
// their profile: every page in German (headings, tables, forms, messages), the data as typed (scope names, key
// prefixes, URLs, the one-time box's value names), an editor's German "administrators only" page, each accessible.
import { randomUUID } from 'node:crypto';
import { expect, test } from '../testing/e2e/fixtures';
import {
  choosePortalLanguage,
  db,
  expectAccessible,
  formMessage,
  newPortalCompany,
  signIn,
} from '../testing/e2e/portal';
import { createPublishedPassport } from '../testing/factories';

test.describe('the administrators’ pages in German', () => {
  test('an administrator who chose German mints a key, creates a BMS secret and a webhook endpoint and rotates the issuer key, all in German', async ({
    page,
  }) => {
    test.slow(); // six pages, each checked with axe
    const { company, users } = await newPortalCompany(['ADMIN']);
    await choosePortalLanguage(users.ADMIN, 'de');
    await createPublishedPassport(db(), { companyId: company.id }); // the company's first issuer key
    await signIn(page, users.ADMIN);

    // API keys: the list, the mint form with German scope descriptions, the German confirmation.
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'API-Schlüssel' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'API-Schlüssel' })).toBeVisible();
    await expect(page).toHaveTitle(/API-Schlüssel/);
    await expect(page.getByText('Noch keine API-Schlüssel. Stellen Sie unten den ersten aus.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Schlüssel filtern' }).getByLabel('Modus')).toContainText(
      'Live und Sandbox',
    );
    const form = page.getByRole('form', { name: 'Neuer Integrationsschlüssel' });
    await expect(form.getByRole('group', { name: 'Berechtigungen' })).toContainText(
      'Branchen und Batteriekategorien lesen.',
    );
    await expectAccessible(page);

    const name = `ERP ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByRole('checkbox', { name: /category:read/ }).check();
    await form.getByLabel('Läuft ab nach (Tagen)').fill('30');
    await form.getByRole('radio', { name: /Sandbox/ }).check();
    await form.getByRole('button', { name: 'Schlüssel ausstellen' }).click();
    await expect(formMessage(page)).toContainText(`Sandbox-Schlüssel „${name}“ (pk_test_`);
    const box = page.getByTestId('one-time-secret');
    await expect(box.getByRole('heading', { name: 'Jetzt kopieren' })).toBeVisible();
    await expect(box.locator('code[data-secret="API key"]')).toHaveText(/^pk_test_/);
    await expect(box.getByText('API-Schlüssel', { exact: true })).toBeVisible();
    await expect(box.getByRole('button', { name: 'API-Schlüssel kopieren' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Sandbox');
    await expect(row).toContainText('Aktiv');
    await expect(row).toContainText('Nie');
    await expectAccessible(page);

    // One key: its page, and the German confirmation of a change.
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: `API-Schlüssel „${name}“` })).toBeVisible();
    await expect(page.getByTestId('key-status')).toHaveText('Aktiv');
    await expect(
      page.getByRole('form', { name: 'Schlüssel rotieren' }).getByLabel('Übergangsfrist (Stunden)'),
    ).toHaveValue('24');
    const change = page.getByRole('form', { name: 'Schlüssel ändern' });
    await change.getByLabel('Zulässige Adressen (CIDR)').fill('203.0.113.0/24');
    await change.getByRole('button', { name: 'Speichern' }).click();
    await expect(change.getByRole('status')).toHaveText(
      'Gespeichert. Die Änderung gilt ab der nächsten Anfrage mit diesem Schlüssel.',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Name und zulässige Adressen' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Alle API-Schlüssel' }).click();
    await page.getByRole('link', { name: 'Neuer Admin-Schlüssel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Neuer Admin-Schlüssel' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Ein Admin-Schlüssel ist mächtig.');
    await expect(page.getByRole('radio', { name: /gdpr:admin/ })).toHaveAccessibleName(/Nur für Live-Schlüssel\./);
    await expectAccessible(page);

    // BMS secrets.
    await page.goto('/portal/bms-secrets');
    await expect(page.getByRole('heading', { level: 1, name: 'BMS-Geheimnisse' })).toBeVisible();
    await expect(page.getByText('Noch keine BMS-Geheimnisse. Legen Sie unten das erste an.')).toBeVisible();
    const secretForm = page.getByRole('form', { name: 'Neues BMS-Geheimnis' });
    await secretForm.getByLabel('Name').fill('Werk Zwickau');
    await secretForm.getByRole('button', { name: 'Geheimnis anlegen' }).click();
    await expect(formMessage(page)).toHaveText('BMS-Geheimnis für alle Produkte Ihres Unternehmens angelegt.');
    const secretRow = page.getByRole('row').filter({ hasText: 'Werk Zwickau' });
    await expect(secretRow).toContainText('Alle Produkte');
    await expect(secretRow.getByRole('button', { name: 'Widerrufen' })).toBeVisible();
    await expectAccessible(page);

    // Webhooks: the list, a German field message, the endpoint created and its page.
    await page.goto('/portal/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('Noch keine Live-Webhook-Endpunkte.')).toBeVisible();
    const hookForm = page.getByRole('form', { name: 'Neuer Webhook-Endpunkt' });
    const url = `http://127.0.0.1:9/de-${randomUUID().slice(0, 8)}`;
    await hookForm.getByLabel('URL').fill(url);
    await hookForm.getByLabel('Beschreibung').fill('ERP-Abgleich');
    await hookForm.getByRole('button', { name: 'Endpunkt anlegen' }).click();
    await expect(hookForm.locator('#eventTypes-error')).toHaveText(
      'Wählen Sie mindestens einen Ereignistyp oder alle.',
    );
    await hookForm.getByRole('checkbox', { name: 'Alle Ereignistypen, jetzige und künftige' }).check();
    await hookForm.getByRole('button', { name: 'Endpunkt anlegen' }).click();
    await expect(formMessage(page)).toContainText(`Live-Endpunkt ${url} angelegt.`);
    await expect(page.getByRole('row').filter({ hasText: url })).toContainText('Aktiviert');
    await expectAccessible(page);

    await page.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook-Endpunkt' })).toBeVisible();
    await expect(page).toHaveTitle(/Webhook-Endpunkt/);
    await expect(page.getByRole('link', { name: 'Alle Live-Endpunkte' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Zustellverlauf' })).toBeVisible();
    await expect(page.getByText('Noch keine Zustellungen')).toBeVisible();
    const state = page.getByRole('form', { name: 'Endpunkt aktivieren oder deaktivieren' });
    await state.getByRole('button', { name: 'Endpunkt deaktivieren' }).click();
    await expect(state.getByRole('status')).toHaveText(
      'Deaktiviert: Bis Sie ihn wieder aktivieren, werden keine Zustellungen versucht.',
    );
    await expect(page.getByTestId('endpoint-state')).toContainText('Deaktiviert');
    await expectAccessible(page);

    // Signing identity: rotate the issuer key.
    await page.goto('/portal/signing');
    await expect(page.getByRole('heading', { level: 1, name: 'Signaturidentität' })).toBeVisible();
    await expect(page.getByText('Keine stillgelegten Schlüssel.')).toBeVisible();
    const issuer = page.getByRole('form', { name: 'Ausstellerschlüssel rotieren' });
    await issuer.getByRole('checkbox', { name: /neue Nachweise ab sofort mit dem neuen Schlüssel/ }).check();
    await issuer.getByRole('button', { name: 'Ausstellerschlüssel rotieren' }).click();
    await expect(formMessage(page)).toContainText(
      /^Rotiert: Schlüssel .+ signiert ab sofort Ihre Pässe\. Schlüssel .+ ist stillgelegt/,
    );
    await expect(page.getByRole('table', { name: 'Stillgelegte Schlüssel' }).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Schlüssel-ID' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an editor who chose German sees the German administrators-only page, and the signing identity without rotation', async ({
    page,
  }) => {
    const { users } = await newPortalCompany(['EDITOR']);
    await choosePortalLanguage(users.EDITOR, 'de');
    await signIn(page, users.EDITOR);
    for (const [path, what] of [
      ['/portal/keys', 'API-Schlüssel'],
      ['/portal/keys/new-admin', 'API-Schlüssel'],
      ['/portal/bms-secrets', 'BMS-Geheimnisse'],
      ['/portal/webhooks', 'Webhook-Endpunkte'],
    ]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { level: 1, name: 'Nur für Administratoren' })).toBeVisible();
      await expect(
        page.getByText(`${what} werden von den Administratoren Ihres Unternehmens verwaltet.`),
      ).toBeVisible();
    }
    await expectAccessible(page);

    await page.goto('/portal/signing');
    await expect(page.getByRole('heading', { level: 1, name: 'Signaturidentität' })).toBeVisible();
    await expect(page.getByText('Noch keiner: Der Schlüssel wird erzeugt')).toBeVisible();
    await expect(
      page.getByText(
        'Nur die Administratoren Ihres Unternehmens können den Ausstellerschlüssel rotieren (Ihre Rolle: EDITOR).',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ausstellerschlüssel rotieren' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
