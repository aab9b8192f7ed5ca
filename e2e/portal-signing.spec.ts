import { expect, test } from '../testing/e2e/fixtures';
import { db, expectAccessible, formMessage, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedPassport } from '../testing/factories';

test.describe('portal signing identity', () => {
  test('an administrator rotates the issuer key: the new key is current, the old one listed as retired, the DID document lists both', async ({
    page,
    request,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    // The company's first key is made at its first publication.
    await createPublishedPassport(db(), { companyId: company.id });
    const [before] = await db().issuerKey.findMany({ where: { companyId: company.id }, select: { kid: true } });

    await signIn(page, users.ADMIN);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Signing identity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Signing identity' })).toBeVisible();
    await expect(page.getByTestId('issuer-did')).toHaveText(new RegExp(`^did:web:.+:issuers:${company.slug}$`));
    await expect(page.getByRole('link', { name: /\/did\.json$/ })).toHaveAttribute(
      'href',
      new RegExp(`/issuers/${company.slug}/did\\.json$`),
    );
    await expect(page.getByTestId('current-kid')).toHaveText(before.kid);
    await expect(page.getByText('No retired keys.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Rotate issuer key' });
    // The confirmation box is required: without it the browser does not even send the form.
    await form.getByRole('button', { name: 'Rotate issuer key' }).click();
    await expect(page.getByTestId('current-kid')).toHaveText(before.kid);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Rotate issuer key' }).click();
    await expect(formMessage(page)).toContainText('Rotated: key');

    const current = await db().issuerKey.findFirstOrThrow({
      where: { companyId: company.id, retiredAt: null },
      select: { kid: true },
    });
    expect(current.kid).not.toBe(before.kid);
    await expect(page.getByTestId('current-kid')).toHaveText(current.kid);
    const retired = page.getByRole('table', { name: 'Retired keys' }).locator('tbody tr');
    await expect(retired).toHaveCount(1);
    await expect(retired.first()).toHaveAttribute('data-kid', before.kid);
    expect(
      await db().auditLog.count({
        where: { companyId: company.id, eventType: 'IssuerKeyRotated', actorId: users.ADMIN.id },
      }),
    ).toBe(1);

    const did = await (await request.get(`/issuers/${company.slug}/did.json`)).json();
    expect(did.assertionMethod).toEqual([`${did.id}#${current.kid}`, `${did.id}#${before.kid}`]);
  });

  test('a reviewer sees the signing identity but no rotate button', async ({ page }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    await createPublishedPassport(db(), { companyId: company.id });
    const [key] = await db().issuerKey.findMany({ where: { companyId: company.id }, select: { kid: true } });
    await signIn(page, users.REVIEWER);
    await page.goto('/portal/signing');
    await expect(page.getByTestId('current-kid')).toHaveText(key.kid);
    await expect(page.getByRole('button', { name: 'Rotate issuer key' })).toHaveCount(0);
    await expect(page.getByText("Only your company's administrators can rotate the issuer key")).toBeVisible();
    await expectAccessible(page);
  });
});
