import { DEMO_HANDOVER, DEMO_PASSPORTS, DEMO_SECOND_LIFE } from '../prisma/seed/demo-passports';
import { expect, test } from '../testing/e2e/fixtures';
import { db, demoPassport } from '../testing/e2e/passport-pages';

const ORIGINAL = DEMO_PASSPORTS.find((p) => p.key === DEMO_HANDOVER.originalKey)!;

/** The demo's successor: the passport of the second demo company that continues the handed-over EV pack. */
async function demoSuccessor() {
  const handover = await db().handover.findFirstOrThrow({
    where: { product: { slug: ORIGINAL.slug }, toCompany: { slug: DEMO_SECOND_LIFE.slug } },
    include: { successor: true },
  });
  return demoPassport(handover.successor!.slug);
}

test.describe('the demo shows a handover between operators (Art. 77(7))', () => {
  test('the original names its successor and the successor its predecessor, each linking the other; both on the landing page', async ({
    page,
  }) => {
    const original = await demoPassport(ORIGINAL.slug);
    const successor = await demoSuccessor();

    await page.goto('/');
    const demo = page.getByRole('region', { name: 'Demo passports' });
    await expect(demo.getByRole('link', { name: original.name })).toHaveAttribute('href', original.path);
    await expect(demo.getByRole('link', { name: successor.name })).toHaveAttribute('href', successor.path);

    await page.goto(original.path);
    const notice = page.getByTestId('succession-notice');
    await expect(notice).toContainText('Repurposed: this battery has a new passport');
    await notice.getByTestId('succession-successor').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(successor.name);
    await expect(page.getByTestId('succession-predecessor')).toHaveText(original.name);
  });
});
