import { randomBytes, randomUUID } from 'node:crypto';
import type { Company, Product } from '../lib/db/generated/client';
import type { PoliRole } from '../lib/db/generated/enums';
import { redeemPoliAccess } from '../lib/poli';
import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, formMessage, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

/** A request whose email is confirmed and that waits for a decision, as the public form and link leave it. */
async function pendingRequest(company: Company, product: Product, role: PoliRole = 'RECYCLER') {
  const tag = randomBytes(4).toString('hex');
  return db().poliRequest.create({
    data: {
      companyId: company.id,
      productId: product.id,
      email: `requester-${tag}@recycler.example`,
      name: `Rhea ${tag}`,
      organisation: 'Circular Metals BV',
      role,
      tier: role === 'MARKET_SURVEILLANCE_AUTHORITY' ? 'AUTHORITY' : 'LEGITIMATE_INTEREST',
      status: 'PENDING_REVIEW',
      verifiedAt: new Date(),
    },
  });
}

const mailsTo = (to: string) => db().emailOutbox.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });

test.describe('access request decisions', () => {
  test('a reviewer sees the confirmed requests with the tier each would grant, approves one (the access link is emailed) and later revokes it', async ({
    page,
  }) => {
    test.slow(); // the whole approval walk: three pages, each checked with axe
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const product = await createTestProduct(db(), { companyId: company.id });
    const approveMe = await pendingRequest(company, product);
    const authority = await pendingRequest(company, product, 'MARKET_SURVEILLANCE_AUTHORITY');

    await signIn(page, users.REVIEWER);
    await page.goto('/portal/access-requests');
    await expect(page.getByRole('link', { name: 'Awaiting decision (2)' })).toHaveAttribute('aria-current', 'page');
    const row = page.getByRole('row').filter({ hasText: approveMe.email });
    await expect(row).toContainText('Circular Metals BV');
    await expect(row).toContainText('Recycler');
    await expect(row).toContainText('Legitimate interest');
    await expect(row).toContainText(product.name);
    await expect(page.getByRole('row').filter({ hasText: authority.email })).toContainText('Authority');
    await expectAccessible(page);

    await row.getByRole('link', { name: approveMe.name }).click();
    await expect(page.getByRole('heading', { name: `Access request from ${approveMe.name}` })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByLabel(
        `Grant legitimate-interest access to ${product.name} for ${approveMe.email}; an access link is emailed.`,
      )
      .check();
    await page.getByRole('button', { name: 'Approve and send the access link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Approved. An access link was emailed to ${approveMe.email}.` }),
    ).toBeVisible();
    expect((await db().poliRequest.findUniqueOrThrow({ where: { id: approveMe.id } })).status).toBe('APPROVED');
    const [granted] = await mailsTo(approveMe.email);
    expect(granted.subject).toBe(`Access granted: ${product.name}`);
    const link = granted.links.find((l) => l.includes('/api/poli/access?token='));
    expect(link).toBeDefined();

    // The requester opens the link: one browser session is granted, which the revocation must end.
    const redeemed = await redeemPoliAccess({ input: { token: new URL(link!).searchParams.get('token') }, db: db() });
    expect(redeemed.ok).toBe(true);
    await page.reload();
    await expect(page.getByRole('table').getByRole('cell', { name: 'Active' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/End .* access to .* now/).check();
    await page.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Access revoked for ${approveMe.email}.` })).toBeVisible();
    const grants = await db().poliGrant.findMany({ where: { requestId: approveMe.id } });
    expect(grants).toHaveLength(1);
    expect(grants.every((g) => g.revokedAt !== null)).toBe(true);
    expect((await db().poliRequest.findUniqueOrThrow({ where: { id: approveMe.id } })).status).toBe('REVOKED');

    await page.goto('/portal/access-requests?status=REVOKED');
    await expect(page.getByRole('row').filter({ hasText: approveMe.email })).toBeVisible();
  });

  test('a reviewer rejects a request with a reason, which is emailed to the requester, and the queue empties', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const product = await createTestProduct(db(), { companyId: company.id });
    const rejectMe = await pendingRequest(company, product, 'MARKET_SURVEILLANCE_AUTHORITY');
    const reason = `Only registered market surveillance bodies may see this passport (${randomBytes(3).toString('hex')}).`;

    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/access-requests/${rejectMe.id}`);
    await expect(
      page.getByText(`Grant authority access to ${product.name} for ${rejectMe.email}; an access link is emailed.`),
    ).toBeVisible();
    await page.getByLabel('Reason (emailed to the requester)').fill(reason);
    await page.getByRole('button', { name: 'Reject and email the reason' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Rejected. The reason was emailed to ${rejectMe.email}.` }),
    ).toBeVisible();
    await expect(page.getByText(reason)).toBeVisible();
    const [declined] = await mailsTo(rejectMe.email);
    expect(declined.subject).toBe(`Access request declined: ${product.name}`);
    expect(declined.text).toContain(reason);
    expect((await db().poliRequest.findUniqueOrThrow({ where: { id: rejectMe.id } })).status).toBe('REJECTED');

    await page.goto('/portal/access-requests');
    await expect(page.getByText('No request awaits a decision.')).toBeVisible();
    await page.getByRole('link', { name: 'Rejected (1)' }).click();
    await expect(page.getByRole('row').filter({ hasText: rejectMe.email })).toBeVisible();
    await expectAccessible(page);
  });

  test('an editor reads the queue but cannot decide, and the server refuses a decision from a role that lost the right', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR', 'REVIEWER']);
    const product = await createTestProduct(db(), { companyId: company.id });
    const request = await pendingRequest(company, product);

    await signIn(page, users.EDITOR);
    await page.goto('/portal/access-requests');
    await expect(page.getByText('You can read the requests; reviewers and admins decide on them.')).toBeVisible();
    await page.getByRole('link', { name: request.name }).click();
    await expect(
      page.getByText('Your role (EDITOR) can read access requests; reviewers and admins decide on them.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
    await expectAccessible(page);

    // A reviewer's page is open when their role changes: the action is checked on the server, not by the page.
    await page.context().clearCookies();
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/access-requests/${request.id}`);
    await db().user.update({ where: { id: users.REVIEWER.id }, data: { role: 'EDITOR' } });
    await page.getByLabel(/^Grant legitimate-interest access/).check();
    await page.getByRole('button', { name: 'Approve and send the access link' }).click();
    await expect(formMessage(page)).toHaveText('Your role (EDITOR) does not allow this action.');
    expect((await db().poliRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('PENDING_REVIEW');
    expect(await mailsTo(request.email)).toHaveLength(0);
  });

  test("another company's request, an unknown id and a malformed id are all not found", async ({ page }) => {
    const { users } = await newPortalCompany(['ADMIN']);
    const other = await newPortalCompany([]);
    const foreign = await pendingRequest(other.company, await createTestProduct(db(), { companyId: other.company.id }));
    await signIn(page, users.ADMIN);
    for (const id of [foreign.id, randomUUID(), 'not-a-uuid']) {
      const response = await page.goto(`/portal/access-requests/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('body')).not.toContainText(foreign.email);
    }
    await page.goto('/portal/access-requests');
    await expect(page.locator('body')).not.toContainText(foreign.email);
    await expect(page.getByText('No request awaits a decision.')).toBeVisible();
  });
});
