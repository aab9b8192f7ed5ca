import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestImportJob } from '../../../testing/batch-review';
import { portalOperator, refusal } from '../../../testing/domain';
import { disconnectPrisma, prisma } from '../../db/client';
import { importErrorsCsv } from './errors-csv';

afterAll(() => disconnectPrisma());

const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('the errors CSV download', () => {
  it('streams every error of the import in row order across pages, quoted, under its header row', async () => {
    const { company, ctx } = await portalOperator('REVIEWER');
    const job = await createTestImportJob(company.id);
    const tricky = 'Expected "kWh", got a comma, and\na line break';
    await prisma.importRowError.createMany({
      data: [
        {
          importId: job.id,
          rowNumber: 4,
          column: 'Masse (kg)',
          fieldId: 'battery_mass_kg',
          code: 'WRONG_TYPE',
          message: tricky,
        },
        { importId: job.id, rowNumber: 2, column: null, fieldId: null, code: 'MALFORMED_BODY', message: 'Not JSON.' },
        {
          importId: job.id,
          rowNumber: 3,
          column: 'GTIN',
          fieldId: 'gtin',
          code: 'MODEL_INVALID',
          message: 'No model.',
        },
      ],
    });
    const { stream } = await importErrorsCsv(ctx, job.id, 2);
    const body = await text(stream);
    expect(body.startsWith('row,column,field,code,message\r\n')).toBe(true);
    expect(parse(body)).toEqual([
      ['row', 'column', 'field', 'code', 'message'],
      ['2', '', '', 'MALFORMED_BODY', 'Not JSON.'],
      ['3', 'GTIN', 'gtin', 'MODEL_INVALID', 'No model.'],
      ['4', 'Masse (kg)', 'battery_mass_kg', 'WRONG_TYPE', tricky],
    ]);
  });

  it("is a 404 for another tenant's import, before any byte", async () => {
    const { company } = await portalOperator('ADMIN');
    const job = await createTestImportJob(company.id);
    const { ctx: outsider } = await portalOperator('ADMIN');
    expect((await refusal(importErrorsCsv(outsider, job.id))).code).toBe('NOT_FOUND');
  });
});
