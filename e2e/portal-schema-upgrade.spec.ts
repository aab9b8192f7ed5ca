// The portal's move of a draft to its category's current schema version: the notice, the editor's button, and the
// form then showing the field the new version adds (the commodity code of version 3).
import type { Prisma } from '../lib/db/generated/client';
import { getCategorySchema } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createTestProduct } from '../testing/factories';

const V2 = getCategorySchema('EV_BATTERY', 2)!;

async function v2Draft(companyId: string) {
  const p = await createTestProduct(db(), { companyId });
  return db().product.update({
    where: { id: p.id },
    data: { schemaVersion: 2, formData: exampleFormData(V2) as Prisma.InputJsonObject },
  });
}

test.describe('portal: moving a draft to a newer schema version', () => {
  test('an editor moves a version 2 draft to version 3 and the commodity code appears in its form', async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['EDITOR']);
    const draft = await v2Draft(company.id);
    await signIn(page, users.EDITOR);
    await page.goto(`/portal/passports/${draft.id}?tab=data`);
    await expect(page.getByRole('heading', { name: 'Schema version 3 is available' })).toBeVisible();
    const identity = page.getByRole('form', { name: 'Identity form data' });
    await expect(identity.getByLabel(/^Commodity code/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Move to schema version 3' }).click();
    await expect(identity.getByLabel(/^Commodity code/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schema version 3 is available' })).toHaveCount(0);
    await expect(page.getByText('EV_BATTERY field schema version 3.')).toBeVisible();
    await expect(page).toHaveURL(/\?tab=data$/);
    await page.getByRole('navigation', { name: 'Passport views' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByTestId('readiness-missing')).toContainText('Commodity code (CN)');
    // The readiness report's link leads back to the field on the Data tab.
    await page.getByTestId('readiness-missing').getByRole('link', { name: 'Commodity code (CN)' }).click();
    await expect(page).toHaveURL(/\?tab=data#field-commodity_code$/);
    expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).schemaVersion).toBe(3);
    const audit = await db().auditLog.findMany({ where: { productId: draft.id } });
    expect(audit.map((a) => [a.eventType, a.actorRole, a.eventChannel])).toEqual([
      ['SchemaUpgrade', 'EDITOR', 'Portal'],
    ]);

    await identity.getByLabel(/^Commodity code/).fill('85076000');
    await identity.getByRole('button', { name: 'Save identity' }).click();
    await expect(identity.getByRole('status')).toHaveText('Identity saved.');
  });

  test('a reviewer sees the notice but no button, and the draft stays on version 2', async ({ page }) => {
    const { company, users } = await newPortalCompany(['REVIEWER']);
    const draft = await v2Draft(company.id);
    await signIn(page, users.REVIEWER);
    await page.goto(`/portal/passports/${draft.id}?tab=data`);
    await expect(page.getByRole('heading', { name: 'Schema version 3 is available' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Move to schema version/ })).toHaveCount(0);
    expect((await db().product.findUniqueOrThrow({ where: { id: draft.id } })).schemaVersion).toBe(2);
  });
});
