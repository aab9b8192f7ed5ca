// HTTP contract of imports, through the integrator client: a German CSV and an XLSX made in the test uploaded as
// signed multipart, worked by the server's own job runner, polled to completion, row errors paged, submission, the
// import.completed event, and the named refusals (415, IMPORT_UNREADABLE, INVALID_STATE).
import { buildImportMultipart } from '../lib/client/imports';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newTenant, refusal } from '../testing/e2e/integration';
import {
  csvFile,
  GERMAN_HEADER,
  GERMAN_MAPPING,
  germanCells,
  germanRows,
  PNG_BYTES,
  testGtin,
  xlsxFile,
} from '../testing/imports';
import { eventually } from '../testing/poll';
import { nextSecond } from '../testing/signing-clock';

type Client = Awaited<ReturnType<typeof newTenant>>['client'];

const codeOf = async (promise: Promise<unknown>) => {
  const e = await refusal(promise);
  return `${e.status} ${e.code}`;
};

async function tenantWithMapping() {
  const tenant = await newTenant();
  const mapping = await tenant.client.createErpMapping({
    name: `SAP export ${Date.now()}`,
    categoryCode: 'EV_BATTERY',
    columns: GERMAN_MAPPING as Parameters<Client['createErpMapping']>[0]['columns'],
  });
  return { ...tenant, mapping };
}

const finished = (client: Client, id: string, timeoutMs = 40_000) =>
  eventually(
    async () => {
      const job = await client.getImport(id);
      return ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    },
    { timeoutMs, what: `import ${id} to finish` },
  );

test.describe('imports', () => {
  test('a German CSV: 202 with Location, worked to completion, errors paged, submitted, import.completed recorded', async () => {
    const { client, mapping, company } = await tenantWithMapping();
    const gtin = testGtin();
    const rows = [
      ...germanRows(4, gtin),
      { serial: 'BAD-1', gtin, mass: 'viel' },
      { serial: 'BAD-2', gtin, chemistry: 'Blei' },
    ];
    const file = csvFile(
      [...GERMAN_HEADER, 'Farbe'],
      rows.map((r) => [...germanCells(r), 'rot']),
    );
    const { body, contentType } = buildImportMultipart({ file, fileName: 'sap-export.csv', mappingId: mapping.id });
    const res = await client.send('POST', '/api/v1/imports', { rawBody: body, contentType });
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/api/v1/imports/${res.data.id}`);
    expect(res.data).toMatchObject({
      status: 'queued',
      format: 'csv',
      fileName: 'sap-export.csv',
      mappingId: mapping.id,
    });
    const done = await finished(client, res.data.id);
    expect(done).toMatchObject({ status: 'completed', total: 6, processed: 6, created: 4, failed: 2 });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    const first = await client.listImportErrors(done.id, { limit: 2 });
    expect(first.data.map((e) => [e.rowNumber, e.column, e.code])).toEqual([
      [1, 'Farbe', 'UNKNOWN_COLUMN'],
      [6, 'Masse (kg)', 'WRONG_TYPE'],
    ]);
    const second = await client.listImportErrors(done.id, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.data.map((e) => [e.rowNumber, e.fieldId, e.code])).toEqual([
      [7, 'battery_chemistry', 'INVALID_OPTION'],
    ]);
    expect(second.nextCursor).toBeNull();
    const event = await db().webhookEvent.findFirst({ where: { companyId: company.id, type: 'import.completed' } });
    expect(event?.payload).toMatchObject({ importId: done.id, created: 4, failed: 2 });
    const asked = await client.submitImport(done.id);
    expect(asked.submission).toMatchObject({ submitted: 0, finishedAt: null });
    const submitted = await eventually(
      async () => {
        const job = await client.getImport(done.id);
        return job.submission?.finishedAt ? job : undefined;
      },
      { what: 'the submission to finish' },
    );
    // The German rows carry a few fields only: every draft misses mandated fields and stays a draft.
    expect(submitted.submission).toMatchObject({ submitted: 0, refused: 4 });
    await nextSecond(); // the same bodyless submit in the same second would be a replayed signature (401)
    expect(await codeOf(client.submitImport(done.id))).toBe('409 INVALID_STATE');
  });

  test('an XLSX with typed cells; the same file again changes nothing', async () => {
    const { client, mapping, company } = await tenantWithMapping();
    const gtin = testGtin();
    const file = await xlsxFile(
      [...GERMAN_HEADER],
      [
        ['X-1', gtin, 'Akku X-1', 'M-7', 1234.5, new Date(Date.UTC(2025, 11, 24)), 'Nickel-Mangan-Kobalt', 96],
        ['X-2', gtin, 'Akku X-2', 'M-7', '2.000,25', '01.01.2026', 'Lithium-Eisenphosphat', 120],
      ],
    );
    const first = await client.createImport({ file, fileName: 'export.xlsx', mappingId: mapping.id });
    expect(first.format).toBe('xlsx');
    expect(await finished(client, first.id)).toMatchObject({ status: 'completed', created: 2, failed: 0 });
    const again = await client.createImport({ file, fileName: 'export.xlsx', mappingId: mapping.id });
    expect(await finished(client, again.id)).toMatchObject({ status: 'completed', created: 0, unchanged: 2 });
    const products = await db().product.findMany({
      where: { companyId: company.id },
      orderBy: { serialNumber: 'asc' },
    });
    expect(products.map((p) => [p.serialNumber, (p.formData as { battery_mass_kg?: number }).battery_mass_kg])).toEqual(
      [
        ['X-1', 1234.5],
        ['X-2', 2000.25],
      ],
    );
  });

  test('refuses a PNG with 415 and a file lacking a mapped column with 422 IMPORT_UNREADABLE, storing nothing', async () => {
    const { client, mapping, company } = await tenantWithMapping();
    expect(await codeOf(client.createImport({ file: PNG_BYTES, fileName: 'x.csv', mappingId: mapping.id }))).toBe(
      '415 UNSUPPORTED_MEDIA_TYPE',
    );
    const short = csvFile(['Seriennummer', 'GTIN'], [['S-1', testGtin()]]);
    const e = await refusal(client.createImport({ file: short, fileName: 'x.csv', mappingId: mapping.id }));
    expect(`${e.status} ${e.code}`).toBe('422 IMPORT_UNREADABLE');
    expect(e.body.error.details.missingColumns).toContain('Masse (kg)');
    expect(await db().importJob.count({ where: { companyId: company.id } })).toBe(0);
  });

  test('cancels a running import between rows: it ends cancelled with the rows done kept; a second cancel is 409', async () => {
    const { client, mapping, company } = await tenantWithMapping();
    const file = csvFile([...GERMAN_HEADER], germanRows(600, testGtin()).map(germanCells));
    const job = await client.createImport({ file, fileName: 'big.csv', mappingId: mapping.id });
    await eventually(async () => ((await client.getImport(job.id)).processed > 0 ? true : undefined), {
      what: 'the first rows',
    });
    const asked = await client.cancelImport(job.id);
    expect(asked.cancelRequestedAt).not.toBeNull();
    const done = await finished(client, job.id);
    expect(done.status).toBe('cancelled');
    expect(done.processed).toBeLessThan(600);
    expect(await db().product.count({ where: { companyId: company.id } })).toBe(done.created);
    // The same bodyless cancel signed in the same second would be the same signature, refused as a replay.
    await nextSecond();
    expect(await codeOf(client.cancelImport(job.id))).toBe('409 INVALID_STATE');
  });
});
