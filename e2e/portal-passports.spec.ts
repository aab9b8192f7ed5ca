// The portal's passports: the list with search and filters, and one passport's page with its editable form data,
// readiness, documents, versions, QR code and audit trail, each for the operator's own company only.
import { createHash, randomBytes } from 'node:crypto';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { clientAddress } from '../testing/client-address';
import { SAMPLES } from '../testing/document-samples';
import { expect, test } from '../testing/e2e/fixtures';
import { newKey, refusal } from '../testing/e2e/integration';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

const tag = () => randomBytes(4).toString('hex');
const rowIds = (page: import('@playwright/test').Page) =>
  page.locator('tr[data-passport]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-passport')));

test.describe('portal passports', () => {
  test('the list searches and filters by state, category and mode, and never shows another company’s passports', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const other = await newPortalCompany(['ADMIN']);
    const t = tag();
    const draft = await createTestProduct(db(), {
      companyId: company.id,
      name: `Alpha Pack ${t}`,
      serialNumber: `SN-${t}`,
      gtin: '04012345000009',
    });
    const published = await createTestProduct(db(), {
      companyId: company.id,
      name: `Beta Pack ${t}`,
      category: 'LMT_BATTERY',
      state: 'APPROVED',
      version: 2,
    });
    const sandbox = await createTestProduct(db(), { companyId: company.id, name: `Gamma Sandbox ${t}`, mode: 'TEST' });
    await createTestProduct(db(), { companyId: other.company.id, name: `Alpha Pack ${t}` });

    await signIn(page, users.REVIEWER);
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'Passports', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Passports' })).toBeVisible();
    expect((await rowIds(page)).sort()).toEqual([draft.id, published.id, sandbox.id].sort());
    await expect(page.locator(`tr[data-passport="${published.id}"]`)).toContainText(
      /Light means of transport.*Published.*Live.*2/,
    );
    await expectAccessible(page);

    const search = page.getByRole('search', { name: 'Passports' });
    await search.getByLabel('Search').fill(`alpha pack ${t}`.toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=ALPHA/);
    expect(await rowIds(page)).toEqual([draft.id]);
    for (const text of [`sn-${t}`, '4012345000009']) {
      await search.getByLabel('Search').fill(text);
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page.locator(`tr[data-passport="${draft.id}"]`)).toBeVisible();
      expect(await rowIds(page)).toEqual([draft.id]);
    }

    await search.getByLabel('Search').fill('');
    await search.getByLabel('State').selectOption('published');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/state=published/);
    expect(await rowIds(page)).toEqual([published.id]);

    await page.goto('/portal/passports?mode=test');
    expect(await rowIds(page)).toEqual([sandbox.id]);
    await page.goto('/portal/passports?category=LMT_BATTERY&mode=live');
    expect(await rowIds(page)).toEqual([published.id]);
    await page.goto('/portal/passports?state=withdrawn');
    await expect(page.getByText('No passport matches this search and these filters.')).toBeVisible();
    await expectAccessible(page);
  });

  test("a draft's page shows its sections and readiness, and an editor's invalid value gets the API's own message", async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    const draft = await createTestProduct(db(), { companyId: company.id, formData: { model_number: 'VX-75' } });
    await signIn(page, users.EDITOR);
    await page.goto(`/portal/passports/${draft.id}`);
    await expect(page.getByRole('heading', { level: 1, name: draft.name })).toBeVisible();
    // Each tab's sections (e2e/portal-passport-tabs.spec.ts checks that a tab shows no other tab's).
    for (const [tab, names] of [
      ['', ['Readiness and publication gate', 'Components', 'Traceability', 'QR code']],
      ['documents', ['Documents']],
      ['versions', ['Version history', 'BMS lifetime counters']],
      ['activity', ['Audit trail']],
      ['data', ['Form data']],
    ] as const) {
      await page.goto(`/portal/passports/${draft.id}${tab ? `?tab=${tab}` : ''}`);
      for (const name of names) await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      if (tab === '') {
        await expect(page.getByTestId('gate-summary')).toHaveText('The publication gate blocks submission.');
        await expect(page.getByTestId('readiness-missing')).toContainText('Manufacturer name');
        await expect(page.getByText('The QR code appears after publication')).toBeVisible();
      }
    }
    await expect(page.getByLabel(/^Battery model/)).toHaveValue('VX-75');
    // Restricted fields carry their tier.
    await expect(page.getByLabel(/^Cathode materials.*Legitimate interest/)).toBeVisible();
    await expectAccessible(page);

    const { client } = await newKey(company.id);
    const refused = await refusal(client.putFormData(draft.id, { formData: { battery_mass_kg: -5 } }));
    const apiMessage: string = refused.body.error.fieldErrors.find(
      (f: { field_id: string }) => f.field_id === 'battery_mass_kg',
    ).message;

    const identity = page.getByRole('form', { name: 'Identity form data' });
    await identity.getByLabel(/^Battery mass/).fill('-5');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('alert')).toContainText('nothing was saved');
    await expect(page.locator('#battery_mass_kg-error')).toHaveText(apiMessage);
    await expect(identity.getByLabel(/^Battery mass/)).toHaveValue('-5');

    await identity.getByLabel(/^Battery mass/).fill('412.5');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('status')).toHaveText('Identity saved.');
    await expect(page.locator('#battery_mass_kg-error')).toHaveCount(0);
    const saved = await db().product.findUniqueOrThrow({ where: { id: draft.id } });
    expect(saved.formData).toMatchObject({ model_number: 'VX-75', battery_mass_kg: 412.5 });
    await page.goto(`/portal/passports/${draft.id}?tab=activity`);
    await expect(page.locator('tr[data-audit="Update"]').first()).toContainText(
      /EDITOR.*Portal.*fields.*battery_mass_kg/,
    );
  });

  test('an editor fills the mandated commodity code: a code outside heading 8507 gets the rule in words, a valid one clears the gate', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    const { commodity_code: _omitted, ...formData } = exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);
    const draft = await createTestProduct(db(), { companyId: company.id, formData });
    await signIn(page, users.EDITOR);
    await page.goto(`/portal/passports/${draft.id}`);
    await expect(page.getByTestId('gate-summary')).toHaveText('The publication gate blocks submission.');
    await expect(page.getByTestId('readiness-missing')).toContainText('Commodity code (CN)');

    await page.goto(`/portal/passports/${draft.id}?tab=data`);
    const identity = page.getByRole('form', { name: 'Identity form data' });
    await expect(identity.getByLabel(/^Commodity code/)).toHaveAccessibleDescription(
      /Mandated for submission\. 8 digits of CN heading 8507, such as 85076000\./,
    );
    await identity.getByLabel(/^Commodity code/).fill('85066000');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('alert')).toContainText('nothing was saved');
    await expect(page.locator('#commodity_code-error')).toHaveText(
      'Commodity code (CN) must be 8 digits of CN heading 8507, such as 85076000.',
    );

    await identity.getByLabel(/^Commodity code/).fill('85076000');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('status')).toHaveText('Identity saved.');
    await page.goto(`/portal/passports/${draft.id}`);
    await expect(page.getByTestId('gate-summary')).toHaveText(
      'The publication gate passes: the passport may be submitted.',
    );
    expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).formData).toMatchObject({
      commodity_code: '85076000',
    });
  });

  test('a reviewer reads the form data without any input to change it', async ({ page }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const draft = await createTestProduct(db(), { companyId: company.id, formData: { model_number: 'VX-75' } });
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${draft.id}?tab=data`);
    await expect(page.getByText('Your role (REVIEWER) may read the form data but not edit it.')).toBeVisible();
    await expect(page.locator('[data-field="model_number"]')).toContainText('VX-75');
    await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /^Battery model/ })).toHaveCount(0);
  });

  test("another company's passport, an unknown id and a malformed id are 404", async ({ page }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    const other = await newPortalCompany(['ADMIN']);
    const theirs = await createTestProduct(db(), { companyId: other.company.id });
    await signIn(page, users.ADMIN);
    for (const id of [theirs.id, crypto.randomUUID(), 'not-an-id']) {
      const response = await page.goto(`/portal/passports/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(theirs.name)).toHaveCount(0);
    }
  });

  test('a published passport offers its QR code as SVG and PNG, its public address and each version with its hash', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const passport = await createPublishedPassport(db(), { companyId: company.id });
    const version = await db().passportVersion.findFirstOrThrow({ where: { productId: passport.id, version: 1 } });
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${passport.id}`);
    await expect(page.getByTestId('public-link')).toHaveAttribute('href', new RegExp(`/dpp/${passport.slug}$`));
    await expect(page.getByRole('img', { name: /^QR code linking to / })).toBeVisible();
    for (const [format, type] of [
      ['svg', 'image/svg+xml'],
      ['png', 'image/png'],
    ] as const) {
      const href = await page.locator(`a[data-qr="${format}"]`).getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain(type);
    }
    await expectAccessible(page);
    await page.goto(`/portal/passports/${passport.id}?tab=versions`);
    await expect(page.locator('tr[data-version="1"]')).toContainText(version.sha256);
    await expect(page.locator('tr[data-version="1"]')).toContainText(String(version.byteLength));
    await expectAccessible(page);
  });

  test("a document downloads for an operator of its company and is 404 for another company's operator", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const other = await newPortalCompany(['ADMIN']);
    const draft = await createTestProduct(db(), { companyId: company.id });
    const { client } = await newKey(company.id);
    const document = await client.uploadDocument(draft.id, {
      file: SAMPLES.pdf.bytes,
      fileName: 'declaration.pdf',
      contentType: 'application/pdf',
      documentType: 'declaration_of_conformity',
      title: 'EU declaration',
    });
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${draft.id}?tab=documents`);
    const link = page.getByRole('link', { name: 'declaration.pdf' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/portal/passports/${draft.id}/documents/${document.id}`);
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(
      createHash('sha256')
        .update(await response.body())
        .digest('hex'),
    ).toBe(document.sha256);

    const stranger = await browser.newPage({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
    await signIn(stranger, other.users.ADMIN);
    expect((await stranger.request.get(href!)).status()).toBe(404);
    await stranger.close();
    const anonymous = await request.get(href!, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(307);
    expect(anonymous.headers().location).toContain('/portal/sign-in');
  });
});
