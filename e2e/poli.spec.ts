import { mkdirSync } from 'node:fs';
import { type BrowserContext, devices, type Page } from '@playwright/test';
import { getCategorySchema } from '../lib/schema/categories';
import { clientAddress } from '../testing/client-address';
import { send } from '../testing/e2e/bms';
import { expect, test } from '../testing/e2e/fixtures';
import {
  approvedAccessLink,
  approveInPortal,
  db,
  lastMail,
  mailboxLink,
  poliPassport,
  rejectAsReviewer,
  requestIdOf,
  revokeInPortal,
  uniqueEmail,
} from '../testing/e2e/poli';
import { createTestBmsSecret } from '../testing/factories';

const PHONE = devices['Pixel 7'];
const SCREENSHOTS = 'e2e/screenshots';

/** A browser of its own (its own cookies), speaking from its own client address. */
async function browserContext(
  browser: import('@playwright/test').Browser,
  options: Parameters<typeof browser.newContext>[0] = {},
) {
  return browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
}

const restrictedView = (page: Page) => page.locator('#restricted-view');

async function expectNoRestrictedData(page: Page, mark: { cathode: string; accident: string; report: string }) {
  await expect(restrictedView(page)).toHaveCount(0);
  const html = await page.content();
  for (const value of Object.values(mark)) expect(html).not.toContain(value);
}

async function fillRequestForm(page: Page, { email, role }: { email: string; role: string }) {
  const form = page.getByRole('form', { name: 'Request access to restricted information' });
  await form.getByLabel('Email address', { exact: true }).fill(email);
  await form.getByLabel('Your name', { exact: true }).fill('Vera Verifier');
  await form.getByLabel('Organisation', { exact: true }).fill('Circular Metals BV');
  await form.getByLabel('You ask as', { exact: true }).selectOption(role);
  await form.getByLabel(/^I agree/).check();
  await form.getByRole('button', { name: 'Request access' }).click();
  return form;
}

test.describe('restricted access (PoLI)', () => {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  const open = async (
    browser: import('@playwright/test').Browser,
    options: Parameters<typeof browser.newContext>[0] = {},
  ) => {
    const context = await browserContext(browser, options);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  test('a verifier on a phone requests, confirms, is approved and sees the restricted fields marked restricted; nobody else does; revocation ends it', async ({
    browser,
  }) => {
    const setup = await poliPassport();
    const { passport, mark } = setup;
    const email = uniqueEmail();
    const { context, page } = await open(browser, PHONE);

    await page.goto(passport.path);
    await expectNoRestrictedData(page, mark);
    const form = await fillRequestForm(page, { email, role: 'RECYCLER' });
    // The confirmation takes the form's place, where the reader is looking; no empty form comes back.
    const sent = page.getByTestId('poli-sent');
    await expect(sent).toContainText('a link to confirm it is on its way');
    await expect(sent).toBeInViewport();
    await expect(form).toHaveCount(0);
    expect((await db().poliRequest.findFirstOrThrow({ where: { email } })).status).toBe('PENDING_VERIFICATION');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.locator('#restricted-access').screenshot({ path: `${SCREENSHOTS}/poli-request-phone.png` });

    const verifyLink = await mailboxLink(page, email, 'Confirm your access request');
    expect(verifyLink).toMatch(/\/api\/poli\/verify\?token=[A-Za-z0-9_-]{43}$/);
    await page.getByRole('link', { name: verifyLink }).click();
    await expect(page).toHaveURL(/\/poli\/verified\?passport=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your email address is confirmed');
    await expect(page.getByRole('link', { name: 'Back to the passport' })).toHaveAttribute(
      'href',
      `${passport.path}?lang=en`,
    );

    // The manufacturer's reviewer decides in the portal, in a browser of their own.
    const reviewer = await open(browser);
    await approveInPortal(reviewer.page, setup, await requestIdOf(email));
    const accessLink = await mailboxLink(page, email, 'Access granted');
    const landed = await page.goto(accessLink);
    expect(new URL(page.url()).pathname).toBe(passport.path);
    expect(landed?.headers()['cache-control']).toBe('private, no-store');

    // The access link lands on the restricted section, its banner saying what was granted and until when.
    expect(new URL(page.url()).hash).toBe('#restricted-view');
    const banner = page.getByTestId('grant-banner');
    await expect(banner).toBeInViewport();
    await expect(banner).toContainText('Access granted: legitimate interest');
    await expect(banner).toContainText(/until \d{1,2} \w+ \d{4}/);
    const view = restrictedView(page);
    await expect(view.getByRole('heading', { level: 2 })).toContainText('Restricted: legitimate interest');
    await expect(view).toContainText(/until \d{1,2} \w+ \d{4}/);
    await expect(view.locator('[data-field="cathode_materials"][data-access="legitimate_interest"] dd')).toHaveText(
      mark.cathode,
    );
    await expect(view.locator('[data-field="accident_information"] dd')).toHaveText(mark.accident);
    await expect(view.locator('[data-field="test_reports"]')).toHaveCount(0);
    expect(await page.content()).not.toContain(mark.report);
    await expect(page.locator('#restricted-access')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    await view.screenshot({ path: `${SCREENSHOTS}/poli-restricted-phone.png` });
    const [cookie] = (await context.cookies()).filter((c) => c.name.startsWith('bps_poli_'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    expect(await page.evaluate(() => document.cookie)).not.toContain('bps_poli_');

    // Another browser: no cookie, no restricted data; the spent access link does not work twice.
    const other = await open(browser);
    await other.page.goto(passport.path);
    await expectNoRestrictedData(other.page, mark);
    await other.page.goto(accessLink);
    await expect(other.page).toHaveURL(/\/poli\/invalid-link$/);
    await expect(other.page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
    expect(await other.context.cookies()).toEqual([]);

    await revokeInPortal(reviewer.page, await requestIdOf(email));
    await page.reload();
    await expectNoRestrictedData(page, mark);
    await expect(page.locator('#restricted-access')).toBeVisible();
  });

  test('an expired grant shows nothing, in the granted browser or any other', async ({ browser }) => {
    const setup = await poliPassport();
    const { accessLink, requestId } = await approvedAccessLink(setup);
    const { page } = await open(browser);
    await page.goto(accessLink);
    await expect(restrictedView(page).locator('[data-field="cathode_materials"] dd')).toHaveText(setup.mark.cathode);

    await db().poliGrant.updateMany({ where: { requestId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await page.reload();
    await expectNoRestrictedData(page, setup.mark);
    const other = await open(browser);
    await other.page.goto(setup.passport.path);
    await expectNoRestrictedData(other.page, setup.mark);
  });

  test("an authority sees the authority fields too, and the passport's BMS updates from the audit trail", async ({
    browser,
  }) => {
    const setup = await poliPassport();
    const secret = await createTestBmsSecret(db(), setup.passport.companyId);
    const bms = await send({
      productId: setup.passport.id,
      secret: secret.secret,
      body: { formDataPatch: { current_soh_pct: 91.5, not_a_field: 1 } },
    });
    expect(bms.status).toBe(200);
    const { accessLink } = await approvedAccessLink(setup, 'MARKET_SURVEILLANCE_AUTHORITY');
    const { page } = await open(browser);
    await page.goto(accessLink);

    const view = restrictedView(page);
    await expect(view.getByRole('heading', { level: 2 })).toContainText('Restricted: authority access');
    await expect(view.locator('[data-field="test_reports"][data-access="authority"]')).toContainText(setup.mark.report);
    await expect(view.locator('[data-field="cathode_materials"] dd')).toHaveText(setup.mark.cathode);
    const updates = view.locator('[data-bms-updates] li');
    await expect(updates).toHaveCount(1);
    await expect(updates.first()).toContainText('Applied: current_soh_pct');
    await expect(updates.first()).toContainText('Rejected: not_a_field');
  });

  test("signing out revokes this browser's grant and clears its cookie", async ({ browser }) => {
    const setup = await poliPassport();
    const { accessLink, requestId } = await approvedAccessLink(setup);
    const { context, page } = await open(browser);
    await page.goto(accessLink);
    await restrictedView(page).getByRole('button', { name: 'Sign out of restricted access' }).click();
    await expect(page).toHaveURL(new RegExp(`${setup.passport.path}$`));
    await expectNoRestrictedData(page, setup.mark);
    expect((await context.cookies()).filter((c) => c.name.startsWith('bps_poli_'))).toEqual([]);
    expect((await db().poliGrant.findFirstOrThrow({ where: { requestId } })).revokedAt).not.toBeNull();
  });

  test("a rejection reaches the requester by email with the reviewer's reason", async ({ browser }) => {
    const setup = await poliPassport();
    const email = uniqueEmail();
    const { page } = await open(browser);
    await page.goto(setup.passport.path);
    await fillRequestForm(page, { email, role: 'REPAIRER' });
    await expect(page.getByRole('status')).toContainText('a link to confirm it is on its way');
    await page.goto(await mailboxLink(page, email, 'Confirm your access request'));
    await expect(page).toHaveURL(/\/poli\/verified/);

    const reason = 'Repairs of this pack are done by our own service partners only.';
    await rejectAsReviewer(setup, await requestIdOf(email), reason);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = page.getByRole('article', { name: `Access request declined: ${setup.passport.name}` });
    await expect(mail).toContainText(`Their reason: “${reason}”`);
    expect((await lastMail(email)).text).toContain(reason);
  });

  test('the form works without client script: messages by the fields, then the request is taken', async ({
    browser,
  }) => {
    const setup = await poliPassport();
    const { page } = await open(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto(setup.passport.path);
    const form = page.getByRole('form', { name: 'Request access to restricted information' });
    await form.getByLabel('Email address', { exact: true }).fill('not-an-address');
    await form.getByLabel('Organisation', { exact: true }).fill('Circular Metals BV');
    await form.getByRole('button', { name: 'Request access' }).click();
    await expect(page.locator('#poli-email-error')).toHaveText('Enter an email address such as name@example.com.');
    await expect(page.locator('#poli-name-error')).toHaveText('Enter your name.');
    await expect(page.locator('#poli-consent-error')).toBeVisible();
    await expect(form.getByLabel('Email address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Organisation', { exact: true })).toHaveValue('Circular Metals BV');

    const email = uniqueEmail('nojs');
    await fillRequestForm(page, { email, role: 'SECOND_LIFE_OPERATOR' });
    // The plain post comes back at the form's place on the page, where the confirmation replaced the form.
    expect(new URL(page.url()).hash).toBe('#restricted-access');
    await expect(page.getByTestId('poli-sent')).toContainText('a link to confirm it is on its way');
    await expect(page.getByTestId('poli-sent')).toBeInViewport();
    await expect(page.getByRole('form', { name: 'Request access to restricted information' })).toHaveCount(0);
    expect(await db().poliRequest.findFirstOrThrow({ where: { email } })).toMatchObject({
      status: 'PENDING_VERIFICATION',
      role: 'SECOND_LIFE_OPERATOR',
    });
  });

  test("a name or organisation with a line break is refused by the field with the form's message, and nothing is stored or mailed; an accepted request's mail shows the name quoted on one line", async ({
    browser,
  }) => {
    const setup = await poliPassport();
    const { page } = await open(browser);
    await page.goto(setup.passport.path);
    const form = page.getByRole('form', { name: 'Request access to restricted information' });
    const email = uniqueEmail('lines');
    await form.getByLabel('Email address', { exact: true }).fill(email);
    await form.getByLabel('You ask as', { exact: true }).selectOption('RECYCLER');
    await form.getByLabel(/^I agree/).check();
    // A text box drops line breaks as they are typed; a crafted post keeps them, as a hidden field does here.
    for (const [label, value] of [
      ['Your name', 'Vera Verifier\nURGENT: sign in at https://evil.example'],
      ['Organisation', 'Circular Metals BV\r\nBcc: someone@evil.example'],
    ])
      await form.getByLabel(label!, { exact: true }).evaluate((input: HTMLInputElement, v) => {
        input.type = 'hidden';
        input.value = v;
      }, value!);
    await form.getByRole('button', { name: 'Request access' }).click();
    const message = 'Use one line of text, without line breaks, tabs or other control characters.';
    await expect(page.locator('#poli-name-error')).toHaveText(message);
    await expect(page.locator('#poli-organisation-error')).toHaveText(message);
    expect(await db().poliRequest.count({ where: { email } })).toBe(0);
    expect(await db().emailOutbox.count({ where: { to: email } })).toBe(0);

    await page.goto(setup.passport.path);
    await fillRequestForm(page, { email, role: 'RECYCLER' });
    await expect(page.getByRole('status')).toContainText('a link to confirm it is on its way');
    const mail = await lastMail(email);
    expect(mail.text).toMatch(/^Hello “Vera Verifier”,\n/);
    expect(mail.html).toContain('Hello “Vera Verifier”,');
  });

  test('invalid, tampered and missing tokens end on the invalid-link page, saying nothing of why', async ({ page }) => {
    for (const path of [
      '/api/poli/verify?token=nonsense',
      '/api/poli/access?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/poli/access',
      '/api/poli/verify',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/poli\/invalid-link$/);
    }
    const res = await page.request.get('/api/poli/verify?token=nonsense', { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-request-id']).toBeTruthy();
    expect(await res.text()).toBe('');
  });

  test('no JSON route returns a restricted field id or value, even to a browser holding a valid grant', async ({
    browser,
  }) => {
    const setup = await poliPassport();
    const { accessLink } = await approvedAccessLink(setup, 'EUROPEAN_COMMISSION');
    const { context, page } = await open(browser);
    await page.goto(accessLink);
    await expect(restrictedView(page)).toContainText(setup.mark.report);
    const restrictedIds = getCategorySchema('EV_BATTERY', 1)!
      .fields.filter((f) => f.access !== 'public')
      .map((f) => f.id);
    const { slug, path } = setup.passport;
    const requests: [string, string, Record<string, string>][] = [
      ['json', `/api/dpp/${slug}`, {}],
      ['json-ld', `/api/dpp/${slug}/jsonld`, {}],
      ['snapshot', `/api/dpp/${slug}/v/1`, {}],
      ['versions', `/api/dpp/${slug}/versions`, {}],
      ['resolver json-ld', path, { Accept: 'application/ld+json' }],
      ['resolver linkset', path, { Accept: 'application/linkset+json' }],
      ['resolver linkType', `${path}?linkType=linkset`, {}],
    ];
    expect((await context.cookies()).some((c) => c.name.startsWith('bps_poli_'))).toBe(true);
    for (const [what, url, headers] of requests) {
      const res = await context.request.get(url, { headers });
      expect(res.status(), what).toBe(200);
      expect(res.headers()['content-type'], what).toMatch(/json/);
      expect(res.headers()['cache-control'], what).not.toBe('private, no-store');
      const text = await res.text();
      for (const value of Object.values(setup.mark)) expect(text, `${what}: ${value}`).not.toContain(value);
      for (const id of restrictedIds) expect(text, `${what}: ${id}`).not.toContain(`"${id}"`);
      expect(text, what).not.toMatch(/restrictedFields/);
    }
  });
});
