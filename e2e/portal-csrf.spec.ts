import { expect, test } from '../testing/e2e/fixtures';
import { db, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

// A portal action must only run for a request the portal's own pages sent: a form on another site that posts to
// the same action, with the operator's cookie, changes nothing.
test('a cross-site POST of a portal action changes nothing and answers a 403 page; the same POST from the portal itself does', async ({
  browser,
  baseURL,
  clientIp,
}) => {
  const { company, users } = await newPortalCompany(['REVIEWER']);
  const product = await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED' });
  const headers = { 'X-Forwarded-For': clientIp };

  const signedIn = await browser.newContext({ extraHTTPHeaders: headers });
  await signIn(await signedIn.newPage(), users.REVIEWER);
  // The server-rendered form, as a browser without JavaScript would post it.
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
    extraHTTPHeaders: headers,
  });
  const page = await noJs.newPage();
  const detail = `/portal/passports/${product.id}`;
  await page.goto(detail);
  const fields: [string, string][] = await page
    .locator('form[aria-labelledby="approve-title"]')
    .evaluate((form: HTMLFormElement) => [...new FormData(form)].map(([k, v]) => [k, String(v)] as [string, string]));
  const multipart = Object.fromEntries([...fields, ['confirm', 'yes']]);

  const forged = await noJs.request.post(detail, {
    multipart,
    headers: { Origin: 'http://attacker.example' },
    maxRedirects: 0,
  });
  // A 403 page says what happened (Next.js itself would have answered a bare 500).
  expect(forged.status()).toBe(403);
  expect(forged.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(await forged.text()).toContain('This form was sent from another site, so nothing was changed.');
  // The same as a script would post it (the Next-Action header of a fetch action), and from an opaque origin.
  for (const origin of ['http://attacker.example', 'null']) {
    const scripted = await noJs.request.post(detail, {
      multipart,
      // Refused on the Origin before any action is looked up, so the id need not be a real one.
      headers: { Origin: origin, 'Next-Action': '00ab' },
      maxRedirects: 0,
    });
    expect(scripted.status()).toBe(403);
    expect(await scripted.text()).toContain('<h1>Request refused</h1>');
  }
  expect(await db().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
    state: 'SUBMITTED',
    version: 0,
  });

  const own = await noJs.request.post(detail, { multipart, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(own.status()).toBeLessThan(400);
  expect(await db().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({
    state: 'APPROVED',
    version: 1,
  });
  await signedIn.close();
  await noJs.close();
});
