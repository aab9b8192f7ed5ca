// Access requests, handovers and the audit trail for an operator who chose German in their profile: every page of
// the area in German (headings, tables, forms, messages), the English data as typed, and each page accessible.
import { randomBytes, randomInt } from 'node:crypto';
import { offerHandover } from '../lib/passport/handover/handover';
import { expect, test } from '../testing/e2e/fixtures';
import { auditRow, choosePortalLanguage, db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct, TEST_ACTOR } from '../testing/factories';

test.describe('access requests, handovers and the audit trail in German', () => {
  test('an operator who chose German decides an access request and reads the audit trail in German', async ({
    page,
  }) => {
    test.slow(); // four pages, each checked with axe
    const { company, users } = await newPortalCompany(['ADMIN']);
    await choosePortalLanguage(users.ADMIN, 'de');
    const product = await createTestProduct(db(), { companyId: company.id });
    const tag = randomBytes(4).toString('hex');
    const request = await db().poliRequest.create({
      data: {
        companyId: company.id,
        productId: product.id,
        email: `requester-${tag}@recycler.example`,
        name: `Rhea ${tag}`,
        organisation: 'Circular Metals BV',
        role: 'RECYCLER',
        tier: 'LEGITIMATE_INTEREST',
        status: 'PENDING_REVIEW',
        verifiedAt: new Date(),
      },
    });

    await signIn(page, users.ADMIN);
    await page.goto('/portal/access-requests');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Zugangsanfragen', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Anfragestatus' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entscheidung ausstehend (1)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('columnheader', { name: 'Gewährte Zugangsstufe' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: request.email });
    await expect(row).toContainText('Recyclingbetrieb');
    await expect(row).toContainText('Berechtigtes Interesse');
    await expect(row).toContainText('Circular Metals BV');
    await expectAccessible(page);

    await row.getByRole('link', { name: request.name }).click();
    await expect(page.getByRole('heading', { name: `Zugangsanfrage von ${request.name}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Browsersitzungen' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Entscheidung' })).toBeVisible();
    await expect(page.getByLabel('Begründung (wird der anfragenden Person per E-Mail gesendet)')).toBeVisible();
    await expectAccessible(page);
    const approve = page.getByRole('form', { name: 'Anfrage freigeben' });
    await approve
      .getByLabel(
        `Zugang mit berechtigtem Interesse zu ${product.name} für ${request.email} gewähren; ein Zugangslink wird per E-Mail gesendet.`,
      )
      .check();
    await approve.getByRole('button', { name: 'Freigeben und Zugangslink senden' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Freigegeben. Ein Zugangslink wurde per E-Mail an ${request.email} gesendet.` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Widerrufen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zugang widerrufen' })).toBeVisible();
    expect((await db().poliRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('APPROVED');
    await expectAccessible(page);

    // The audit trail names the decision and the other events in German; the event type itself stays as stored.
    const approved = await auditRow(company, {
      eventType: 'Approve',
      at: '2026-03-01T10:00:00.000Z',
      productId: product.id,
      context: { from: 'SUBMITTED', to: 'APPROVED', version: 2, fields: [], changes: [{ field: 'mass' }] },
    });
    const submitted = await auditRow(company, {
      eventType: 'Submit',
      at: '2026-03-01T09:00:00.000Z',
      productId: product.id,
    });
    await page.goto('/portal/audit');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Prüfprotokoll', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Protokolleinträge, neueste zuerst' });
    await expect(table.getByRole('row').filter({ hasText: 'PoliRequestApproved' })).toContainText(
      'Zugangsanfrage freigegeben',
    );
    await expect(table.locator(`tr[data-audit-id="${submitted.id}"]`)).toContainText('Zur Prüfung eingereicht');
    await expect(page.getByRole('link', { name: 'CSV herunterladen (alle Einträge)' })).toBeVisible();
    await expectAccessible(page);

    const filters = page.getByRole('form', { name: 'Prüfprotokoll filtern' });
    await filters.getByLabel('Ereignis').selectOption('Approve');
    await filters.getByLabel('Von (UTC)').fill('2026-03-01');
    await filters.getByLabel('Bis (UTC)').fill('2026-03-02');
    await filters.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page).toHaveURL(/event=Approve/);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-audit-id', approved.id);
    await expect(rows.first()).toContainText('Freigegeben und veröffentlicht');
    await expect(rows.first()).toContainText('2026-03-01 10:00:00 UTC');
    // The event's context: a summary line, every key and value one click away.
    const details = rows.first().locator('details');
    // (jsonb keeps shorter keys first: to, from, fields, then changes and version.)
    const summary = details.locator('summary');
    await expect(summary).toHaveText('to: APPROVED · from: SUBMITTED · fields: (keine) · +2 weitere');
    await summary.click();
    await expect(details.getByRole('definition').filter({ hasText: '(keine)' })).toBeVisible();
    await expect(details).toContainText('"field": "mass"');
    await expect(page.getByRole('link', { name: 'CSV herunterladen (diese Filter, alle Seiten)' })).toBeVisible();
    await expectAccessible(page);

    // A filter it cannot use is named in German, next to the marked field.
    await page.goto('/portal/audit?from=2026-03-09&to=2026-03-01');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Das „Von“-Datum darf nicht nach dem „Bis“-Datum liegen.' }),
    ).toBeVisible();
    await expect(filters.getByLabel('Bis (UTC)')).toHaveAttribute('aria-invalid', 'true');
    await page.goto('/portal/audit?event=NothingOfThat');
    await expect(page.getByText('Keine Protokolleinträge entsprechen diesen Filtern.')).toBeVisible();
  });

  test('an operator who chose German sees the handovers and declines one in German', async ({ page }) => {
    const from = await newPortalCompany(['ADMIN']);
    const to = await newPortalCompany(['ADMIN']);
    await choosePortalLanguage(to.users.ADMIN, 'de');
    const original = await createPublishedPassport(db(), {
      companyId: from.company.id,
      name: `Pack ${randomInt(1e9)}`,
    });
    const handover = await offerHandover({
      ctx: { companyId: from.company.id, actor: TEST_ACTOR },
      input: { productId: original.id, reason: 'repurposed', toCompany: to.company.slug },
      db: db(),
    });

    await signIn(page, to.users.ADMIN);
    await page.goto('/portal/handovers');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Übergaben', level: 1 })).toBeVisible();
    const incoming = page.getByRole('table', { name: 'An uns übergeben' });
    await expect(incoming.getByRole('columnheader', { name: 'Grund' })).toBeVisible();
    await expect(page.getByTestId(`handover-status-${handover.id}`)).toHaveText('Angeboten');
    await expect(incoming.getByRole('row').filter({ hasText: original.name })).toContainText('Umgenutzt');
    await expect(
      page.getByText(
        'Ihr Unternehmen hat noch keinen Pass übergeben. Bieten Sie einen auf der Seite eines veröffentlichten Passes an.',
      ),
    ).toBeVisible();
    await expectAccessible(page);

    await incoming.getByRole('link', { name: original.name }).click();
    await expect(page.getByRole('heading', { name: `Übergabe von ${original.name}` })).toBeVisible();
    await expect(page.getByTestId('handover-status')).toHaveText('Angeboten');
    await expect(page.getByRole('heading', { name: 'Was der neue Betreiber erneut angibt' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Übergabe annehmen' }).getByLabel('Name des Nachfolger-Passes (optional)'),
    ).toBeVisible();
    await expectAccessible(page);
    const decline = page.getByRole('form', { name: 'Übergabe ablehnen' });
    await decline
      .getByLabel(`Begründung (optional, wird an ${from.company.name} gesendet)`)
      .fill('Nicht unsere Chemie');
    await decline.getByRole('button', { name: 'Ablehnen' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Abgelehnt. Das anbietende Unternehmen wird benachrichtigt.' }),
    ).toBeVisible();
    await expect(page.getByTestId('handover-status')).toHaveText('Abgelehnt');
    await expect(page.getByRole('form', { name: 'Übergabe annehmen' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
