import { afterAll, describe, expect, it } from 'vitest';
import { portalOperator, refusal } from '../../../testing/domain';
import { createTestMapping, csvFile, GERMAN_HEADER, germanCells, germanRows, testGtin } from '../../../testing/imports';
import { disconnectPrisma } from '../../db/client';
import { listCompanyImports } from './list';
import { importFromForm, isSameOrigin } from './upload';

afterAll(() => disconnectPrisma());

function uploadForm(file: Uint8Array | null, fields: Record<string, string>) {
  const form = new FormData();
  if (file) form.set('file', new File([Buffer.from(file)], 'week-48.csv', { type: 'text/csv' }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

describe('the portal upload form', () => {
  it("creates the import as the operator, with the form's file and mapping, listed newest first for the tenant only", async () => {
    const { company, ctx, user } = await portalOperator('EDITOR');
    const { ctx: outsider } = await portalOperator('ADMIN');
    const mapping = await createTestMapping(company.id);
    const file = csvFile(GERMAN_HEADER, germanRows(2, testGtin()).map(germanCells));
    const first = await importFromForm(ctx, uploadForm(file, { mappingId: mapping.id, modelId: '' }));
    const second = await importFromForm(ctx, uploadForm(file, { mappingId: mapping.id }));
    expect(first).toMatchObject({ fileName: 'week-48.csv', mappingId: mapping.id, modelId: null, actorId: user.id });
    const page = await listCompanyImports({ ctx, input: { limit: 1 } });
    expect(page.items.map((i) => i.id)).toEqual([second.id]);
    const next = await listCompanyImports({ ctx, input: { limit: 1, cursor: page.nextCursor! } });
    expect(next.items.map((i) => i.id)).toEqual([first.id]);
    expect((await listCompanyImports({ ctx: outsider })).items).toEqual([]);
  });

  it('refuses a form without a file, and a reviewer', async () => {
    const { company, ctx } = await portalOperator('EDITOR');
    const mapping = await createTestMapping(company.id);
    expect((await refusal(importFromForm(ctx, uploadForm(null, { mappingId: mapping.id })))).code).toBe(
      'FILE_REQUIRED',
    );
    const { ctx: reviewer } = await portalOperator('REVIEWER');
    const file = csvFile(GERMAN_HEADER, []);
    expect((await refusal(importFromForm(reviewer, uploadForm(file, {})))).code).toBe('FORBIDDEN');
  });
});

describe('isSameOrigin', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it('accepts a post from the page of this very host only', () => {
    expect(isSameOrigin(headers({ origin: 'https://dpp.example', host: 'dpp.example' }))).toBe(true);
    expect(isSameOrigin(headers({ origin: 'https://evil.example', host: 'dpp.example' }))).toBe(false);
    expect(isSameOrigin(headers({ host: 'dpp.example' }))).toBe(false);
    expect(isSameOrigin(headers({ origin: 'null', host: 'dpp.example' }))).toBe(false);
    expect(isSameOrigin(headers({ origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' }))).toBe(true);
  });
});
