// Imports and batch review in the browser: an editor uploads an ERP file through the import page, watches it
// complete, reads and downloads its row errors and submits it; a reviewer approves the batch in one confirmed action
// and watches it publish.
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createSubmittedBatch, createTestImportJob } from '../testing/batch-review';
import { expect, test } from '../testing/e2e/fixtures';
import { batchCard, importFixture } from '../testing/e2e/imports';
import { db, expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';

const PASSPORTS = 3;

async function confirmAndPress(form: Locator, button: string) {
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: button }).click();
}

test('an import uploaded, submitted and approved as one batch ends in published passports', async ({ page }) => {
  test.setTimeout(180_000);
  const { company, users } = await newPortalCompany(['EDITOR', 'REVIEWER']);
  const fixture = await importFixture(company.id, PASSPORTS);

  // The editor uploads the file through the import page, picking the mapping.
  await signIn(page, users.EDITOR);
  await page.getByRole('navigation').getByRole('link', { name: 'Imports' }).click();
  await expect(page).toHaveURL(/\/portal\/imports$/);
  await page.getByRole('link', { name: 'Import a file' }).click();
  await page.getByLabel('File (CSV, XLSX or JSON Lines)').setInputFiles({
    name: fixture.fileName,
    mimeType: 'text/csv',
    buffer: fixture.file,
  });
  await page.getByLabel('ERP mapping').selectOption(fixture.mapping.id);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page).toHaveURL(/\/portal\/imports\/[0-9a-f-]{36}$/);
  const importId = page.url().split('/').at(-1)!;

  // The progress bar reaches the end as the page refreshes itself.
  const progress = page.getByRole('progressbar', { name: 'Rows read:' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toContainText('Completed', { timeout: 60_000 });
  const rows = PASSPORTS + 1;
  await expect(progress).toHaveAttribute('value', String(rows));
  await expect(progress).toHaveAttribute('max', String(rows));
  await expect(page.getByText(`${rows} of ${rows}`)).toBeVisible();

  // The broken row is in the errors table…
  const errors = page.getByRole('table', { name: 'Row errors' });
  const errorRow = errors
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(fixture.badRow) }) });
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow).toContainText('GTIN');
  await expectAccessible(page);

  // …and in the CSV download, with the header row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download errors as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`import-${importId}-errors.csv`);
  const csv = parse(await readFile((await download.path())!)) as string[][];
  expect(csv[0]).toEqual(['row', 'column', 'field', 'code', 'message']);
  expect(csv.slice(1).map((r) => r[0])).toContain(String(fixture.badRow));

  // Submitting puts the valid drafts in review as one batch.
  await confirmAndPress(page.getByRole('form', { name: 'Submit for review' }), 'Submit for review');
  await expect(page.getByText(`${PASSPORTS} passports in one batch`)).toBeVisible({ timeout: 60_000 });

  // The reviewer sees the batch with its counts and approves it in one confirmed action.
  await page.context().clearCookies();
  await signIn(page, users.REVIEWER);
  await page.goto('/portal/review');
  const card = batchCard(page, fixture.fileName);
  await expect(card).toContainText(`${PASSPORTS} passports awaiting review`);
  await expect(card.getByRole('link')).toHaveCount(PASSPORTS + 1); // the import and the sample
  await expectAccessible(page);
  await confirmAndPress(card.getByRole('form', { name: 'Approve batch' }), 'Approve batch');

  // The run's progress bar reaches the end.
  const run = card.getByRole('progressbar', { name: 'Publishing:' });
  await expect(run).toBeVisible();
  await expect(card.getByRole('status').filter({ hasText: 'Finished' })).toHaveText(
    `Finished: ${PASSPORTS} done, 0 failed.`,
    { timeout: 90_000 },
  );
  await expect(run).toHaveAttribute('value', String(PASSPORTS));

  // Every passport of the batch is published; the public answers for one of them.
  const published = await db().product.findMany({ where: { id: { in: fixture.drafts.map((d) => d.id) } } });
  for (const p of published) expect(p).toMatchObject({ state: 'APPROVED', version: 1, reviewImportId: null });
  const answer = await page.request.get(`/api/dpp/${published[0].slug}`);
  expect(answer.status()).toBe(200);
  expect(await db().auditLog.count({ where: { companyId: company.id, eventType: 'BatchApprove' } })).toBe(1);
});

test('a reviewer sends a batch back to draft with one reason; an editor sees the batch but cannot decide', async ({
  page,
}) => {
  const { company, users } = await newPortalCompany(['EDITOR', 'REVIEWER']);
  const job = await createTestImportJob(company.id, { fileName: `reject-${company.slug}.csv` });
  const products = await createSubmittedBatch(job, 2);

  await signIn(page, users.EDITOR);
  await page.goto('/portal/review');
  const card = batchCard(page, job.fileName!);
  await expect(card).toContainText('2 passports awaiting review');
  await expect(card.getByRole('form')).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, users.REVIEWER);
  await page.goto('/portal/review');
  const reject = card.getByRole('form', { name: 'Reject batch' });
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Wrong cell supplier in this export');
  await confirmAndPress(reject, 'Reject batch');
  await expect(card.getByRole('status').filter({ hasText: 'Finished' })).toHaveText('Finished: 2 done, 0 failed.', {
    timeout: 60_000,
  });
  await expect(card.getByRole('progressbar', { name: 'Sending back to draft:' })).toHaveAttribute('value', '2');
  await expectAccessible(page);
  for (const p of await db().product.findMany({ where: { id: { in: products.map((x) => x.id) } } }))
    expect(p).toMatchObject({ state: 'DRAFT', rejectionReason: 'Wrong cell supplier in this export' });
});
