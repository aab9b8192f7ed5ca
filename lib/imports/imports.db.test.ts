import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, refusal } from '../../testing/domain';
import { evExamples, newCompany } from '../../testing/drafts';
import { createPublishedPassport, createTestProduct } from '../../testing/factories';
import {
  createTestMapping,
  csvFile,
  GERMAN_HEADER,
  germanCells,
  germanRows,
  importAndProcess,
  importErrors,
  jsonlFile,
  PNG_BYTES,
  testGtin,
  xlsxFile,
} from '../../testing/imports';
import { disconnectPrisma, prisma } from '../db/client';
import { normaliseGtin } from '../gs1/gtin';
import { cancelImport } from './cancel-import';
import { createImport } from './create-import';
import { getImport } from './get-import';
import { listImportErrors } from './list-import-errors';
import { processImport } from './process';
import { submitImportDrafts } from './submit-drafts';
import { submitImport } from './submit-import';
import { importView } from './view';

afterAll(() => disconnectPrisma());

const germanCsv = (rows: Parameters<typeof germanCells>[0][], extra: { header?: string[]; cells?: string[] } = {}) =>
  csvFile(
    [...GERMAN_HEADER, ...(extra.header ?? [])],
    rows.map((r) => [...germanCells(r), ...(extra.cells ?? [])]),
  );

const productsOf = (companyId: string) =>
  prisma.product.findMany({ where: { companyId }, orderBy: { serialNumber: 'asc' } });

describe('import of a German CSV through a mapping, end to end through the engine', () => {
  it('creates a draft per good row with its audit row, and records each bad row with its code and column', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const gtin = testGtin();
    const good = germanRows(3, gtin);
    const rows = [
      ...good,
      { serial: 'BAD-NUM', gtin, mass: '12,3,4' },
      { serial: 'BAD-ENUM', gtin, chemistry: 'Blei-Säure-Spezial' },
      { ...good[0], name: 'Another name' },
    ];
    const { job } = await importAndProcess(c.id, germanCsv(rows, { header: ['Farbe'], cells: ['rot'] }), {
      mappingId: mapping.id,
    });
    expect(importView(job)).toMatchObject({
      status: 'completed',
      format: 'csv',
      total: 6,
      processed: 6,
      created: 3,
      updated: 0,
      unchanged: 0,
      failed: 3,
    });
    expect(await importErrors(job.id)).toEqual([
      [1, 'Farbe', 'UNKNOWN_COLUMN'],
      [5, 'Masse (kg)', 'WRONG_TYPE'],
      [6, 'Zellchemie', 'INVALID_OPTION'],
      [7, 'Seriennummer', 'DUPLICATE_SERIAL'],
    ]);
    const products = await productsOf(c.id);
    expect(products.map((p) => p.serialNumber)).toEqual(good.map((r) => r.serial));
    expect(products[0]).toMatchObject({ state: 'DRAFT', gtin: normaliseGtin(gtin), name: good[0].name });
    expect(products[0].formData).toMatchObject({
      battery_mass_kg: 1234.5,
      manufacturing_date: '2025-12-24',
      battery_chemistry: 'LFP',
    });
    const audits = await prisma.auditLog.groupBy({
      by: ['productId'],
      where: { companyId: c.id, eventType: 'Create' },
      _count: true,
    });
    expect(audits.map((a) => a._count)).toEqual([1, 1, 1]);
    const rowsRecorded = await prisma.importRow.findMany({
      where: { importId: job.id },
      orderBy: { rowNumber: 'asc' },
    });
    expect(rowsRecorded.map((r) => [r.rowNumber, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'failed'],
      [6, 'failed'],
      [7, 'failed'],
    ]);
    const event = await prisma.webhookEvent.findFirstOrThrow({ where: { companyId: c.id, type: 'import.completed' } });
    expect(event.payload).toMatchObject({ importId: job.id, status: 'completed', created: 3, failed: 3, total: 6 });
  });

  it('reads an XLSX made with exceljs (typed numbers and dates) the same way', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const gtin = testGtin();
    const file = await xlsxFile(
      [...GERMAN_HEADER],
      [
        ['X-1', gtin, 'Akku X-1', 'M-7', 1234.5, new Date(Date.UTC(2025, 11, 24)), 'Nickel-Mangan-Kobalt', 96],
        ['X-2', gtin, 'Akku X-2', 'M-7', '2.000,25', '01.01.2026', 'Lithium-Eisenphosphat', 120],
      ],
    );
    const { job } = await importAndProcess(c.id, file, { mappingId: mapping.id, fileName: 'export.xlsx' });
    expect(job).toMatchObject({ format: 'xlsx', status: 'COMPLETED', created: 2, failed: 0, total: 2 });
    const [a, b] = await productsOf(c.id);
    expect(a.formData).toMatchObject({
      battery_mass_kg: 1234.5,
      manufacturing_date: '2025-12-24',
      battery_chemistry: 'NMC',
      warranty_period_months: 96,
    });
    expect(b.formData).toMatchObject({ battery_mass_kg: 2000.25, manufacturing_date: '2026-01-01' });
  });

  it('imports the same file twice: the second time every row is unchanged and nothing is created; a changed row updates', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const rows = germanRows(3, testGtin());
    await importAndProcess(c.id, germanCsv(rows), { mappingId: mapping.id });
    const { job: again } = await importAndProcess(c.id, germanCsv(rows), { mappingId: mapping.id });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
    const changed = rows.map((r, i) => (i === 1 ? { ...r, mass: '99,5' } : r));
    const { job: third } = await importAndProcess(c.id, germanCsv(changed), { mappingId: mapping.id });
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const products = await productsOf(c.id);
    expect(products).toHaveLength(3);
    expect(products[1].formData).toMatchObject({ battery_mass_kg: 99.5 });
    expect(await prisma.auditLog.count({ where: { productId: products[1].id, eventType: 'Update' } })).toBe(1);
  });

  it("starts the revision of a published passport whose row it finds, and refuses a submitted one's row", async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const gtin = testGtin();
    const published = await createPublishedPassport(prisma, {
      companyId: c.id,
      gtin: normaliseGtin(gtin),
      serialNumber: 'PUB-1',
    });
    await createTestProduct(prisma, {
      companyId: c.id,
      gtin: normaliseGtin(gtin),
      serialNumber: 'SUB-1',
      state: 'SUBMITTED',
    });
    const file = germanCsv([
      { serial: 'PUB-1', gtin, mass: '77,5' },
      { serial: 'SUB-1', gtin },
    ]);
    const { job } = await importAndProcess(c.id, file, { mappingId: mapping.id });
    expect(job).toMatchObject({ updated: 1, failed: 1 });
    const after = await prisma.product.findUniqueOrThrow({ where: { id: published.id } });
    expect(after).toMatchObject({ state: 'DRAFT', version: 1 });
    expect(after.formData).toMatchObject({ battery_mass_kg: 77.5 });
    expect(await importErrors(job.id)).toEqual([[3, null, 'INVALID_STATE']]);
  });

  it("refuses a row for another company's model without naming that company", async () => {
    const c = await newCompany();
    const other = await newCompany();
    const gtin = testGtin();
    const model = await createTestProduct(prisma, { companyId: other.id, gtin: normaliseGtin(gtin) });
    await prisma.product.update({ where: { id: model.id }, data: { kind: 'MODEL' } });
    const mapping = await createTestMapping(c.id);
    const { job } = await importAndProcess(c.id, germanCsv([{ serial: 'F-1', gtin }]), { mappingId: mapping.id });
    const errors = await prisma.importRowError.findMany({ where: { importId: job.id } });
    expect(errors.map((e) => [e.rowNumber, e.code, e.column])).toEqual([[2, 'MODEL_INVALID', 'GTIN']]);
    expect(errors[0].message).not.toContain(other.id);
    expect(await prisma.product.count({ where: { companyId: c.id } })).toBe(0);
  });

  it('imports JSON Lines without a mapping (field ids), a broken line a failed row, and submits the valid drafts', async () => {
    const c = await newCompany();
    const gtin = testGtin();
    const file = jsonlFile([
      { serialNumber: 'J-1', gtin, name: 'J one', formData: evExamples() },
      'not json',
      { serialNumber: 'J-2', gtin, name: 'J two', formData: { model_number: 'M' } },
    ]);
    const { job } = await importAndProcess(c.id, file, { categoryCode: 'EV_BATTERY', fileName: 'rows.jsonl' });
    expect(job).toMatchObject({ format: 'jsonl', total: 3, created: 2, failed: 1 });
    expect(await importErrors(job.id)).toEqual([[2, null, 'MALFORMED_BODY']]);
    const ctx = keyCtx(c.id);
    await submitImport({ ctx, input: { importId: job.id } });
    expect((await refusal(submitImport({ ctx, input: { importId: job.id } }))).code).toBe('INVALID_STATE');
    expect(await submitImportDrafts(job.id)).toBe('finished');
    const view = importView(await getImport({ ctx, input: { importId: job.id } }));
    expect(view.submission).toMatchObject({ submitted: 1, refused: 1, finishedAt: expect.any(String) });
    const submitted = await prisma.product.findMany({ where: { companyId: c.id, state: 'SUBMITTED' } });
    expect(submitted.map((p) => [p.serialNumber, p.reviewImportId])).toEqual([['J-1', job.id]]);
  });
});

describe('resumption, cancel and the worker lock', () => {
  it('resumes after a worker stopped mid-file: every row processed exactly once, counters right', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const rows = germanRows(8, testGtin());
    const { job, result } = await importAndProcess(
      c.id,
      germanCsv(rows),
      { mappingId: mapping.id },
      { stopAfterRows: 3 },
    );
    expect(result).toEqual({ outcome: 'stopped' });
    expect(job).toMatchObject({ status: 'RUNNING', processed: 3, total: 8 });
    expect(await processImport(job.id)).toEqual({ outcome: 'finished', status: 'COMPLETED' });
    const done = await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(done).toMatchObject({ processed: 8, created: 8, failed: 0 });
    expect(await prisma.importRow.count({ where: { importId: job.id } })).toBe(8);
    expect(await prisma.product.count({ where: { companyId: c.id } })).toBe(8);
  });

  it('keeps a second worker off a running import (advisory lock)', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const job = await createImport({
      ctx: keyCtx(c.id),
      input: { file: germanCsv(germanRows(5, testGtin())), fileName: 'a.csv', mappingId: mapping.id },
    });
    const [a, b] = await Promise.all([processImport(job.id), processImport(job.id)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['finished', 'locked'].sort());
    expect(await prisma.product.count({ where: { companyId: c.id } })).toBe(5);
  });

  it('cancels a queued import at once, and a running one between rows (rows done stay done)', async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const ctx = keyCtx(c.id);
    const input = (n: number) => ({
      file: germanCsv(germanRows(n, testGtin())),
      fileName: 'a.csv',
      mappingId: mapping.id,
    });
    const queued = await createImport({ ctx, input: input(3) });
    expect((await cancelImport({ ctx, input: { importId: queued.id } })).status).toBe('CANCELLED');
    expect(await processImport(queued.id)).toEqual({ outcome: 'settled' });
    const running = await createImport({ ctx, input: input(6) });
    await processImport(running.id, { stopAfterRows: 2 });
    const asked = await cancelImport({ ctx, input: { importId: running.id } });
    expect(asked).toMatchObject({ status: 'RUNNING', cancelRequestedAt: expect.any(Date) });
    expect(await processImport(running.id)).toEqual({ outcome: 'finished', status: 'CANCELLED' });
    const after = await prisma.importJob.findUniqueOrThrow({ where: { id: running.id } });
    expect(after).toMatchObject({ status: 'CANCELLED', processed: 2 });
    expect((await refusal(cancelImport({ ctx, input: { importId: running.id } }))).code).toBe('INVALID_STATE');
  });
});

describe('upload checks before anything is stored', () => {
  it('refuses a PNG (415), a missing mapped column (IMPORT_UNREADABLE), and a CSV without a mapping', async () => {
    const c = await newCompany();
    const ctx = keyCtx(c.id);
    const mapping = await createTestMapping(c.id);
    expect(
      (await refusal(createImport({ ctx, input: { file: PNG_BYTES, fileName: 'x.png', mappingId: mapping.id } }))).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    const short = csvFile(['Seriennummer', 'GTIN'], [['S', '1']]);
    const err = await refusal(createImport({ ctx, input: { file: short, fileName: 'x.csv', mappingId: mapping.id } }));
    expect(err.code).toBe('IMPORT_UNREADABLE');
    expect(err.options.details).toMatchObject({
      missingColumns: expect.arrayContaining(['Masse (kg)', 'Herstelldatum']),
    });
    expect((await refusal(createImport({ ctx, input: { file: short, fileName: 'x.csv' } }))).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(await prisma.importJob.count({ where: { companyId: c.id } })).toBe(0);
  });

  it("refuses another company's mapping and model without telling whether they exist", async () => {
    const c = await newCompany();
    const other = await newCompany();
    const theirs = await createTestMapping(other.id);
    const file = germanCsv(germanRows(1, testGtin()));
    const err = await refusal(
      createImport({ ctx: keyCtx(c.id), input: { file, fileName: 'x.csv', mappingId: theirs.id } }),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.message).toBe('No ERP mapping of your company has this id.');
    const model = await createTestProduct(prisma, { companyId: other.id });
    await prisma.product.update({ where: { id: model.id }, data: { kind: 'MODEL' } });
    const mine = await createTestMapping(c.id);
    expect(
      (
        await refusal(
          createImport({
            ctx: keyCtx(c.id),
            input: { file, fileName: 'x.csv', mappingId: mine.id, modelId: model.id },
          }),
        )
      ).code,
    ).toBe('MODEL_INVALID');
  });

  it("lists row errors keyset paged, and hides another tenant's import", async () => {
    const c = await newCompany();
    const mapping = await createTestMapping(c.id);
    const gtin = testGtin();
    const bad = Array.from({ length: 5 }, (_, i) => ({ serial: `B-${i}`, gtin, mass: 'x' }));
    const { job } = await importAndProcess(c.id, germanCsv(bad), { mappingId: mapping.id });
    const ctx = keyCtx(c.id);
    const first = await listImportErrors({ ctx, input: { importId: job.id, limit: 3 } });
    expect(first.items.map((e) => e.rowNumber)).toEqual([2, 3, 4]);
    const second = await listImportErrors({
      ctx,
      input: { importId: job.id, limit: 3, after: first.next ?? undefined },
    });
    expect(second.items.map((e) => e.rowNumber)).toEqual([5, 6]);
    expect(second.next).toBeNull();
    const other = await newCompany();
    expect((await refusal(getImport({ ctx: keyCtx(other.id), input: { importId: job.id } }))).code).toBe('NOT_FOUND');
  });
});
