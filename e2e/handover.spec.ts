// Handover between operators in the browser (Art. 77(7); docs/decisions.md, "Handover between operators"): one
// company offers a published passport from its page, the other accepts it into a draft of its own, publishes it, and
// both public passports name each other; an offer declined in the portal; an offer past its 30 days shown expired
// with no decision left to take.
import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { Prisma } from '../lib/db/generated/client';
import { approveProduct } from '../lib/passport/lifecycle';
import { loadCategorySchema } from '../lib/passport/schema-version';
import { exampleFormData } from '../lib/schema/examples';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newPortalCompany, type PortalUser, signIn } from '../testing/e2e/portal';
import { createPublishedPassport, TEST_ACTOR } from '../testing/factories';

const uniqueName = (what: string) => `${what} ${randomInt(1e9)}`;

async function actAs(page: Page, user: PortalUser) {
  await page.context().clearCookies();
  await signIn(page, user);
}

async function confirmAndPress(form: Locator, button: string) {
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: button }).click();
}

/** Two companies, each with an admin, and a published passport of the first. */
async function setting() {
  const from = await newPortalCompany(['ADMIN']);
  const to = await newPortalCompany(['ADMIN']);
  const original = await createPublishedPassport(db(), { companyId: from.company.id, name: uniqueName('Pack') });
  return { from, to, original };
}

/** Offers the passport from its portal page to the company with `slug`; lands on the handover's page. */
async function offerFromPassportPage(page: Page, productId: string, slug: string, reason: string) {
  await page.goto(`/portal/passports/${productId}`);
  const form = page.getByRole('form', { name: 'Hand the passport over' });
  await form.getByRole('combobox', { name: 'Reason' }).selectOption(reason);
  await form.getByLabel(/Its identifier/).fill(slug);
  await confirmAndPress(form, 'Hand over');
  await expect(page).toHaveURL(/\/portal\/handovers\/[0-9a-f-]{36}\?done=offered$/);
  await expect(page.getByTestId('handover-status')).toHaveText('Offered');
  return page.url().match(/handovers\/([0-9a-f-]{36})/)![1];
}

test.describe('handover between operators in the portal', () => {
  test('accepted: offered from the passport page, accepted by the other company, its successor published; both public passports link each other', async ({
    page,
  }) => {
    test.slow();
    const { from, to, original } = await setting();
    await actAs(page, from.users.ADMIN);
    const handoverId = await offerFromPassportPage(page, original.id, to.company.slug, 'repurposed');

    await actAs(page, to.users.ADMIN);
    await page.goto('/portal/handovers');
    await expect(page.getByTestId(`handover-status-${handoverId}`)).toHaveText('Offered');
    await page.getByRole('link', { name: original.name }).click();
    await expect(page.getByTestId('handover-redeclare')).toContainText('operator_name');
    const accept = page.getByRole('form', { name: 'Accept the handover' });
    await accept.getByLabel(/Name of the successor/).fill(`${original.name} second life`);
    await confirmAndPress(accept, 'Accept and create the draft');
    await expect(page.getByTestId('handover-status')).toHaveText('Accepted');
    await page.getByRole('link', { name: 'Open the successor passport' }).click();
    await expect(page.getByTestId('handover-predecessor')).toContainText(original.name);
    const successorId = page.url().match(/passports\/([0-9a-f-]{36})/)![1];

    // The new operator completes and publishes it (the data entry itself is the editor's, tested elsewhere).
    const draft = await db().product.findUniqueOrThrow({ where: { id: successorId } });
    expect(draft.companyId).toBe(to.company.id);
    const schema = await loadCategorySchema(db(), draft.categoryId, draft.schemaVersion);
    const formData = { ...exampleFormData(schema), ...(draft.formData as Record<string, unknown>) };
    await db().product.update({
      where: { id: successorId },
      data: { formData: formData as Prisma.InputJsonObject, state: 'SUBMITTED' },
    });
    await approveProduct({ ctx: { companyId: to.company.id, actor: TEST_ACTOR }, input: { productId: successorId } });
    const successor = await db().product.findUniqueOrThrow({ where: { id: successorId } });

    // The original stays readable, says what became of the battery and links its successor; and the other way.
    await page.goto(`/dpp/${original.slug}`);
    const notice = page.getByTestId('succession-notice');
    await expect(notice).toContainText('Repurposed: this battery has a new passport');
    await notice.getByTestId('succession-successor').click();
    await expect(page).toHaveURL(new RegExp(`/dpp/${successor.slug}$`));
    await expect(page.getByTestId('succession-predecessor')).toHaveText(original.name);
    const json = await (await page.request.get(`/api/dpp/${original.slug}`)).json();
    expect(json.status).toBe('published');
    expect(json.succession).toMatchObject({ status: 'repurposed', successor: { verified: true } });

    // Both audit trails carry the handover.
    for (const companyId of [from.company.id, to.company.id]) {
      const events = (
        await db().auditLog.findMany({ where: { companyId, eventType: { startsWith: 'Handover' } } })
      ).map((a) => a.eventType);
      expect(events.sort()).toEqual(['HandoverAccepted', 'HandoverCompleted', 'HandoverOffered']);
    }
  });

  test('declined: the receiving company declines; the offering company sees it declined and may offer again', async ({
    page,
  }) => {
    const { from, to, original } = await setting();
    await actAs(page, from.users.ADMIN);
    const handoverId = await offerFromPassportPage(page, original.id, to.company.slug, 'remanufactured');

    await actAs(page, to.users.ADMIN);
    await page.goto(`/portal/handovers/${handoverId}`);
    const decline = page.getByRole('form', { name: 'Decline the handover' });
    await decline.getByRole('textbox', { name: /Reason/ }).fill('Not our chemistry');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByTestId('handover-status')).toHaveText('Declined');
    await expect(page.getByRole('form', { name: 'Accept the handover' })).toHaveCount(0);
    expect(await db().product.count({ where: { companyId: to.company.id } })).toBe(0);

    await actAs(page, from.users.ADMIN);
    await page.goto(`/portal/passports/${original.id}`);
    await expect(page.getByTestId('handover-panel')).toContainText('Declined');
    await expect(page.getByRole('form', { name: 'Hand the passport over' })).toBeVisible();
  });

  test('expired: an offer past its 30 days reads expired on both sides and offers no decision', async ({ page }) => {
    const { from, to, original } = await setting();
    await actAs(page, from.users.ADMIN);
    const handoverId = await offerFromPassportPage(page, original.id, to.company.slug, 'prepared_for_reuse');
    await db().handover.update({ where: { id: handoverId }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    await page.goto(`/portal/handovers/${handoverId}`);
    await expect(page.getByTestId('handover-status')).toHaveText('Expired');
    await actAs(page, to.users.ADMIN);
    await page.goto(`/portal/handovers/${handoverId}`);
    await expect(page.getByTestId('handover-status')).toHaveText('Expired');
    await expect(page.getByRole('form', { name: 'Accept the handover' })).toHaveCount(0);

    // A third company does not see it at all.
    const outsider = await newPortalCompany(['ADMIN']);
    await actAs(page, outsider.users.ADMIN);
    const res = await page.goto(`/portal/handovers/${handoverId}`);
    expect(res?.status()).toBe(404);
  });
});
