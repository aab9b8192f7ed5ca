// The review queue and the lifecycle panel in the browser: a draft made through the Integration API is published,
// revised, republished and withdrawn by operators; rejection, role refusals, deprecation and reinstatement.
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { expect, test } from '../testing/e2e/fixtures';
import { newKey } from '../testing/e2e/integration';
import { db, expectAccessible, newPortalCompany, type PortalUser, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, createTestProduct } from '../testing/factories';

const EXAMPLES = exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);
const uniqueName = (what: string) => `${what} ${randomInt(1e9)}`;

const panel = (page: Page) => page.getByRole('region', { name: 'Lifecycle' });
const lifecycleForm = (page: Page, title: string) => panel(page).getByRole('form', { name: title });
/** The panel's outcome: it outlives the form that asked, which a successful transition replaces. */
const outcome = (page: Page) => panel(page).getByRole('status');

/** A draft created and submitted through the Integration API, as an ERP would. */
async function submittedThroughApi(companyId: string, what: string) {
  const { client } = await newKey(companyId, { scopes: ['dpp:read', 'dpp:draft:write', 'dpp:submit'] });
  const draft = await client.createProduct({ name: uniqueName(what), categoryCode: 'EV_BATTERY', formData: EXAMPLES });
  await client.submitProduct(draft.id);
  return { client, draft };
}

async function actAs(page: Page, user: PortalUser) {
  await page.context().clearCookies();
  await signIn(page, user);
}

/** Ticks the form's confirmation box and presses its button. */
async function confirmAndPress(form: Locator, button: string) {
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: button }).click();
}

const productRow = (id: string) => db().product.findUniqueOrThrow({ where: { id } });

const auditTrail = async (productId: string) =>
  (await db().auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } })).map((a) => [
    a.eventType,
    a.eventChannel,
    a.actorId,
  ]);

const eventCounts = async (productId: string) => {
  const events = await db().webhookEvent.findMany({ where: { payload: { path: ['productId'], equals: productId } } });
  const counts: Record<string, number> = {};
  for (const e of events) counts[e.type] = (counts[e.type] ?? 0) + 1;
  return counts;
};

/** The version the public viewer's header states. */
const viewerVersion = (page: Page) => page.getByTestId('viewer-version');

async function expectPanelAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="lifecycle-heading"]')
    .analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('the passport lifecycle in the portal', () => {
  test('an API draft is submitted, approved in the portal as version 1, revised, republished as version 2 and withdrawn', async ({
    page,
    request,
  }) => {
    test.slow(); // eleven steps through two operators, the API and the public viewer
    const { company, users } = await newPortalCompany(['REVIEWER', 'EDITOR']);
    const { REVIEWER: reviewer, EDITOR: editor } = users;
    const successor = await createPublishedPassport(db(), { companyId: company.id, name: uniqueName('Successor') });
    const { client, draft } = await submittedThroughApi(company.id, 'Lifecycle pack');

    // The queue shows it; a reviewer opens it.
    await signIn(page, reviewer);
    await page.goto('/portal/review');
    const row = page.getByRole('row').filter({ hasText: draft.name });
    await expect(row).toContainText('First publication: version 1');
    await expect(row).toContainText('Electric vehicle battery');
    await row.getByRole('link', { name: draft.name }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/passports/${draft.id}$`));

    // Without the confirmation box nothing happens: the browser holds the form, and the server refuses a POST without it.
    const approve = lifecycleForm(page, 'Approve and publish');
    await approve.getByRole('button', { name: 'Publish version 1' }).click();
    expect(await approve.getByRole('checkbox').evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(
      true,
    );
    await approve.getByRole('checkbox').evaluate((box) => box.removeAttribute('required'));
    await approve.getByRole('button', { name: 'Publish version 1' }).click();
    await expect(approve.getByRole('alert')).toHaveText('Tick the confirmation box to go ahead.');
    expect(await productRow(draft.id)).toMatchObject({ state: 'SUBMITTED', version: 0 });

    await expect(approve.getByRole('checkbox')).toHaveAccessibleName(`Publish version 1 of ${draft.name}`);
    await confirmAndPress(approve, 'Publish version 1');
    await expect(outcome(page)).toHaveText('Published version 1.');
    await expect(lifecycleForm(page, 'Withdraw').getByLabel('Successor passport (optional)')).toContainText(
      successor.name,
    );
    await expectPanelAccessible(page);
    const { slug } = await productRow(draft.id);

    await page.goto(`/dpp/${slug}`);
    await expect(viewerVersion(page)).toHaveText('1');
    await expect(page.locator('[data-field="model_number"] dd')).toHaveText(String(EXAMPLES.model_number));

    // An editor opens a revision: the public keeps version 1, also after the revision's data changes.
    await actAs(page, editor);
    await page.goto(`/portal/passports/${draft.id}`);
    await confirmAndPress(lifecycleForm(page, 'Start a revision'), 'Start revision');
    await expect(outcome(page)).toHaveText(
      'Revision opened: the public passport stays at version 1 until the revision is approved.',
    );
    await expect(panel(page)).toContainText('A revision of version 1');
    await client.putFormData(draft.id, { formData: { model_number: 'VX-REV-2' } });
    await page.goto(`/dpp/${slug}`);
    await expect(viewerVersion(page)).toHaveText('1');
    await expect(page.locator('[data-field="model_number"] dd')).toHaveText(String(EXAMPLES.model_number));
    await client.submitProduct(draft.id);

    // The reviewer publishes the revision as version 2.
    await actAs(page, reviewer);
    await page.goto('/portal/review');
    await expect(page.getByRole('row').filter({ hasText: draft.name })).toContainText(
      'Revision: version 2 (public: 1)',
    );
    await page.goto(`/portal/passports/${draft.id}`);
    await confirmAndPress(lifecycleForm(page, 'Approve and publish'), 'Publish version 2');
    await expect(outcome(page)).toHaveText('Published version 2.');
    await page.goto(`/dpp/${slug}`);
    await expect(viewerVersion(page)).toHaveText('2');
    await expect(page.locator('[data-field="model_number"] dd')).toHaveText('VX-REV-2');
    const history = page.getByRole('region', { name: 'Versions' });
    await history.getByText('For developers').click();
    await expect(history.getByRole('link', { name: 'JSON of version 1' })).toBeVisible();
    await expect(history.getByRole('link', { name: 'JSON of version 2' })).toBeVisible();

    // Withdrawal with every detail the notice shows.
    await page.goto(`/portal/passports/${draft.id}`);
    const withdraw = lifecycleForm(page, 'Withdraw');
    await expect(withdraw.getByRole('checkbox')).toHaveAccessibleName(
      `Withdraw ${draft.name}: the public passport answers 410 at once`,
    );
    await withdraw.getByLabel('Reason', { exact: true }).fill('Safety recall of lot 7');
    await withdraw.getByLabel('Economic operator details (optional)').fill('Lifecycle Batteries GmbH, Berlin');
    await withdraw.getByLabel('Manufacturer contact (optional)').fill('recall@lifecycle.example');
    await withdraw.getByLabel('Successor passport (optional)').selectOption({ label: successor.name });
    await confirmAndPress(withdraw, 'Withdraw passport');
    await expect(outcome(page)).toHaveText('Withdrawn: the public passport now shows the withdrawal notice.');
    await expect(lifecycleForm(page, 'Reinstate')).toBeVisible();

    const gone = await request.get(`/api/dpp/${slug}`);
    expect(gone.status()).toBe(410);
    expect((await gone.json()).error).toMatchObject({
      code: 'PRODUCT_WITHDRAWN',
      reason: 'Safety recall of lot 7',
      operatorDetails: 'Lifecycle Batteries GmbH, Berlin',
      manufacturerContact: 'recall@lifecycle.example',
      successorName: successor.name,
    });
    await page.goto(`/dpp/${slug}`);
    const notice = page.getByRole('region', { name: 'This passport has been withdrawn' });
    await expect(notice).toContainText('Safety recall of lot 7');
    await expect(notice.getByRole('link', { name: `View the replacement passport: ${successor.name}` })).toBeVisible();

    // One audit row per step, the portal's naming the operator; one webhook event per transition that has one.
    const key = (await db().apiKey.findFirstOrThrow({ where: { companyId: company.id } })).id;
    expect(await auditTrail(draft.id)).toEqual([
      ['Create', 'API', key],
      ['Submit', 'API', key],
      ['Approve', 'Portal', reviewer.id],
      ['StartRevision', 'Portal', editor.id],
      ['Update', 'API', key],
      ['Submit', 'API', key],
      ['Approve', 'Portal', reviewer.id],
      ['Withdraw', 'Portal', reviewer.id],
    ]);
    expect(await eventCounts(draft.id)).toEqual({
      'product.created': 1,
      'product.submitted': 2,
      'product.approved': 2,
      'passport.published': 2,
      'product.updated': 2,
      'product.withdrawn': 1,
    });
  });

  test('a reviewer rejects with a reason the integrator reads through the API; the draft can be submitted again', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const { client, draft } = await submittedThroughApi(company.id, 'Rejected pack');

    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${draft.id}`);
    const reject = lifecycleForm(page, 'Send back to draft');
    await reject.getByLabel('Reason', { exact: true }).fill('The carbon footprint study is missing.');
    await confirmAndPress(reject, 'Reject');
    await expect(outcome(page)).toHaveText('Sent back to draft; the integrator can read your reason.');
    await expect(lifecycleForm(page, 'Submit for review')).toBeVisible();

    const read = await client.getProduct(draft.id);
    expect(read).toMatchObject({
      state: 'DRAFT',
      publicState: 'draft',
      version: 0,
      rejectionReason: 'The carbon footprint study is missing.',
    });
    expect(await auditTrail(draft.id)).toContainEqual(['Reject', 'Portal', users.REVIEWER.id]);
    expect(await eventCounts(draft.id)).toMatchObject({ 'product.rejected': 1 });
    expect((await client.submitProduct(draft.id)).rejectionReason).toBeNull();
  });

  test("an editor sees the reviewers' actions disabled with the reason, and a forced approval is refused with nothing changed", async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    const { draft } = await submittedThroughApi(company.id, 'Guarded pack');

    await signIn(page, users.EDITOR);
    await page.goto(`/portal/passports/${draft.id}`);
    const approve = lifecycleForm(page, 'Approve and publish');
    await expect(approve.getByRole('button', { name: 'Publish version 1' })).toBeDisabled();
    await expect(approve.getByRole('group')).toHaveAccessibleDescription('Reviewers and admins approve.');
    await expect(lifecycleForm(page, 'Send back to draft').getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expectPanelAccessible(page);

    // The same POST a reviewer's form sends, from the editor's session.
    await approve.getByRole('group').evaluate((fields) => fields.removeAttribute('disabled'));
    await confirmAndPress(approve, 'Publish version 1');
    await expect(approve.getByRole('alert')).toHaveText('Your role (EDITOR) cannot approve a passport.');
    expect(await productRow(draft.id)).toMatchObject({ state: 'SUBMITTED', version: 0 });
    expect(await db().passportVersion.count({ where: { productId: draft.id } })).toBe(0);
    expect((await auditTrail(draft.id)).map(([type]) => type)).toEqual(['Create', 'Submit']);
    expect(await eventCounts(draft.id)).not.toHaveProperty('product.approved');
  });

  test('a reviewer deprecates a published passport (public 404) and reinstates it (public 200 at the same version)', async ({
    page,
    request,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const passport = await createPublishedPassport(db(), {
      companyId: company.id,
      name: uniqueName('Deprecated pack'),
    });
    expect((await request.get(`/api/dpp/${passport.slug}`)).status()).toBe(200);

    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${passport.id}`);
    const deprecate = lifecycleForm(page, 'Deprecate');
    await deprecate.getByLabel('Reason (optional)').fill('Superseded by the 2027 model');
    await confirmAndPress(deprecate, 'Deprecate');
    await expect(outcome(page)).toHaveText('Deprecated: the passport is no longer served publicly.');
    expect((await request.get(`/api/dpp/${passport.slug}`)).status()).toBe(404);
    await expect(panel(page)).toContainText('Deprecated');
    await expectPanelAccessible(page);

    await confirmAndPress(lifecycleForm(page, 'Reinstate'), 'Reinstate');
    await expect(outcome(page)).toHaveText('Reinstated: version 1 is served again.');
    const back = await request.get(`/api/dpp/${passport.slug}`);
    expect([back.status(), (await back.json()).version]).toEqual([200, 1]);

    expect((await auditTrail(passport.id)).filter(([, channel]) => channel === 'Portal')).toEqual([
      ['Deprecate', 'Portal', users.REVIEWER.id],
      ['Reinstate', 'Portal', users.REVIEWER.id],
    ]);
    const deprecation = await db().auditLog.findFirstOrThrow({
      where: { productId: passport.id, eventType: 'Deprecate' },
    });
    expect(deprecation.eventContext).toEqual({ reason: 'Superseded by the 2027 model' });
    expect(await eventCounts(passport.id)).toMatchObject({ 'product.deprecated': 1, 'product.reinstated': 1 });
  });
});

test.describe('the lifecycle forms', () => {
  test('work without JavaScript: a reviewer publishes from a page with scripts off', async ({ page, browser }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const draft = await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED', formData: EXAMPLES });
    await signIn(page, users.REVIEWER);
    const scriptless = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await scriptless.newPage();
      await plain.goto(`/portal/passports/${draft.id}`);
      await confirmAndPress(lifecycleForm(plain, 'Approve and publish'), 'Publish version 1');
      await expect(outcome(plain)).toHaveText('Published version 1.');
      await expect(lifecycleForm(plain, 'Withdraw')).toBeVisible();
      expect(await productRow(draft.id)).toMatchObject({ state: 'APPROVED', version: 1 });
    } finally {
      await scriptless.close();
    }
  });

  test('a refused withdrawal keeps what was typed and asks for the confirmation again', async ({ page }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const passport = await createPublishedPassport(db(), { companyId: company.id });
    const successor = await createPublishedPassport(db(), {
      companyId: company.id,
      name: uniqueName('Vanishing successor'),
    });
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${passport.id}`);
    const withdraw = lifecycleForm(page, 'Withdraw');
    await withdraw.getByLabel('Reason', { exact: true }).fill('Recall of lot 9');
    await withdraw.getByLabel('Successor passport (optional)').selectOption({ label: successor.name });
    // The successor stops being public after the page was drawn, before the form is sent.
    await db().product.update({ where: { id: successor.id }, data: { state: 'DEPRECATED' } });
    await confirmAndPress(withdraw, 'Withdraw passport');
    await expect(withdraw.getByRole('alert')).toHaveText('The successor is not valid: it is not published.');
    await expect(withdraw.getByLabel('Reason', { exact: true })).toHaveValue('Recall of lot 9');
    await expect(withdraw.getByRole('checkbox')).not.toBeChecked();
    expect((await productRow(passport.id)).state).toBe('APPROVED');
    expect((await auditTrail(passport.id)).map(([type]) => type)).not.toContain('Withdraw');
  });
});

test.describe('the review queue', () => {
  test('is empty with a clear message, then pages 25 submitted passports at a time, oldest first; queue and panel pass axe', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    await signIn(page, users.REVIEWER);
    await page.goto('/portal/review');
    await expect(page.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
    await expect(page.getByText('Nothing awaits review.')).toBeVisible();
    await expectAccessible(page);

    const start = Date.parse('2026-11-01T08:00:00Z');
    const submitted = [];
    for (let i = 0; i < 26; i += 1) {
      const p = await createTestProduct(db(), {
        companyId: company.id,
        state: 'SUBMITTED',
        formData: EXAMPLES,
        name: uniqueName(`Queued ${String(i).padStart(2, '0')}`),
      });
      submitted.push(
        await db().product.update({ where: { id: p.id }, data: { submittedAt: new Date(start + i * 60_000) } }),
      );
    }
    await createTestProduct(db(), { companyId: company.id, state: 'DRAFT' });
    await page.goto('/portal/review');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(26); // header and 25 passports
    await expect(rows.nth(1)).toContainText(submitted[0].name);
    await expect(rows.nth(25)).toContainText(submitted[24].name);
    await expect(rows.nth(1).getByRole('link')).toHaveAttribute('href', `/portal/passports/${submitted[0].id}`);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(submitted[25].name);
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(rows).toHaveCount(26);

    await page.goto('/portal/review?cursor=forged');
    await expect(page.getByRole('alert').filter({ hasText: 'That page link is not valid any more.' })).toBeVisible();

    await page.goto(`/portal/passports/${submitted[0].id}`);
    await expect(lifecycleForm(page, 'Approve and publish')).toBeVisible();
    await expectPanelAccessible(page);
  });
});
