// A company marked ceased (admin company cease): its passports' viewer pages and public JSON name the address of
// their back-up copy, the stored page of the passport included; resuming the company takes the notice away.
import AxeBuilder from '@axe-core/playwright';
import { ceaseCompany } from '../lib/continuity/cease-company';
import { resumeCompany } from '../lib/continuity/resume-company';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { expect, test } from '../testing/e2e/fixtures';
import { db, gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';
import { TEST_ACTOR } from '../testing/factories';

const BACKUP = 'https://archive.example.org/passports';

test.describe('a ceased company’s passports', () => {
  test('the viewer page names the passport’s address at the back-up, at once, and loses it on resume', async ({
    page,
    request,
  }) => {
    const passport = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'CEASE-1' });
    const ctx = { companyId: passport.companyId, actor: TEST_ACTOR };
    // Viewed first, so the page is stored for this revision: ceasing must make that copy stale.
    await page.goto(passport.path);
    await expect(page.getByTestId('continuity-notice')).toHaveCount(0);

    await ceaseCompany({ ctx, input: { backupUrl: BACKUP } });
    await page.goto(passport.path);
    const notice = page.getByRole('region', { name: 'The economic operator has ceased its activity' });
    await expect(notice).toBeVisible();
    const address = `${BACKUP}${passport.path}`;
    await expect(notice.getByRole('link', { name: address })).toHaveAttribute('href', address);
    await expect(notice).toContainText(/Ceased on \d{1,2} \w+ \d{4}/);
    const json = await (await request.get(`/api/dpp/${passport.slug}`)).json();
    expect(json.continuity).toEqual({ operatorCeasedAt: expect.any(String), backupUrl: address });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await resumeCompany({ ctx });
    await page.goto(passport.path);
    await expect(page.getByTestId('continuity-notice')).toHaveCount(0);
    expect(await (await request.get(`/api/dpp/${passport.slug}`)).json()).not.toHaveProperty('continuity');
  });

  test('a withdrawn passport of a ceased company shows both notices', async ({ page }) => {
    const passport = await publishTestPassport({});
    const ctx = { companyId: passport.companyId, actor: TEST_ACTOR };
    await withdrawProduct({
      ctx,
      input: {
        productId: passport.id,
        reason: 'Recalled',
        successorId: null,
        operatorDetails: null,
        manufacturerContact: null,
      },
    });
    await ceaseCompany({ ctx, input: { backupUrl: BACKUP } });
    await page.goto(passport.path);
    await expect(page.getByRole('region', { name: 'This passport has been withdrawn' })).toBeVisible();
    await expect(page.getByTestId('continuity-notice')).toContainText(`${BACKUP}${passport.path}`);
    expect((await db().company.findUniqueOrThrow({ where: { id: passport.companyId } })).backupUrl).toBe(BACKUP);
  });
});
