import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, refusal } from '../../../testing/domain';
import { newCompany, tag } from '../../../testing/drafts';
import { disconnectPrisma, prisma } from '../../db/client';
import { loadStoredSchema } from '../../integration/api/catalog/reference';
import { buildErpTemplate, csvCellText } from '../../schema/erp-template';
import { BATTERY_CATEGORIES } from '../../schema/types';
import { createMapping } from './create-mapping';
import { deleteMapping } from './delete-mapping';
import { lintMapping } from './lint-mapping';
import { listMappings } from './list-mappings';
import { updateMapping } from './update-mapping';

afterAll(() => disconnectPrisma());

const COLUMNS = [
  { column: 'Modell', fieldId: 'model_number' },
  {
    column: 'Kapazität',
    fieldId: 'rated_capacity_ah',
    transform: { type: 'number' as const, decimalSeparator: ',' as const },
  },
];
const auditOf = (companyId: string) =>
  prisma.auditLog.findMany({ where: { companyId }, orderBy: { createdAt: 'asc' } });

describe('ERP mapping verbs', () => {
  it('create, list by category, rename, replace columns, delete: each one transaction with one audit row', async () => {
    const c = await newCompany();
    const ctx = keyCtx(c.id);
    const created = await createMapping({
      ctx,
      input: { name: ` SAP ${tag()} `, categoryCode: 'EV_BATTERY', columns: COLUMNS },
    });
    expect(created).toMatchObject({ name: created.name.trim(), category: { code: 'EV_BATTERY' }, columns: COLUMNS });
    expect(
      (await listMappings({ ctx, query: { categoryCode: 'EV_BATTERY', limit: 10 } })).items.map((m) => m.id),
    ).toEqual([created.id]);
    expect((await listMappings({ ctx, query: { categoryCode: 'LMT_BATTERY', limit: 10 } })).items).toEqual([]);
    const renamed = await updateMapping({ ctx, input: { mappingId: created.id, name: 'Renamed' } });
    expect(renamed).toMatchObject({ name: 'Renamed', columns: COLUMNS });
    const replaced = await updateMapping({ ctx, input: { mappingId: created.id, columns: [COLUMNS[0]] } });
    expect(replaced.columns).toEqual([COLUMNS[0]]);
    await deleteMapping({ ctx, input: { mappingId: created.id } });
    expect(await prisma.erpMapping.findUnique({ where: { id: created.id } })).toBeNull();
    const audit = await auditOf(c.id);
    expect(audit.map((a) => a.eventType)).toEqual([
      'ErpMappingCreated',
      'ErpMappingUpdated',
      'ErpMappingUpdated',
      'ErpMappingDeleted',
    ]);
    expect(audit[0]).toMatchObject({ actorRole: 'Integration', eventChannel: 'API', productId: null });
  });

  it('refuses unknown field ids per column, a duplicate name (NAME_IN_USE) and writes nothing then', async () => {
    const c = await newCompany();
    const ctx = keyCtx(c.id);
    const bad = await refusal(
      createMapping({
        ctx,
        input: { name: 'X', categoryCode: 'EV_BATTERY', columns: [...COLUMNS, { column: 'Q', fieldId: 'nope' }] },
      }),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.options.details?.issues).toEqual([
      expect.objectContaining({ path: 'columns.2.fieldId', code: 'unknown_field' }),
    ]);
    expect(
      (await refusal(createMapping({ ctx, input: { name: 'X', categoryCode: 'NOPE', columns: COLUMNS } }))).code,
    ).toBe('VALIDATION_ERROR');
    await createMapping({ ctx, input: { name: 'Taken', categoryCode: 'EV_BATTERY', columns: COLUMNS } });
    expect(
      (await refusal(createMapping({ ctx, input: { name: 'Taken', categoryCode: 'LMT_BATTERY', columns: COLUMNS } })))
        .code,
    ).toBe('NAME_IN_USE');
    const other = await createMapping({ ctx, input: { name: 'Other', categoryCode: 'EV_BATTERY', columns: COLUMNS } });
    expect((await refusal(updateMapping({ ctx, input: { mappingId: other.id, name: 'Taken' } }))).code).toBe(
      'NAME_IN_USE',
    );
    expect((await auditOf(c.id)).map((a) => a.eventType)).toEqual(['ErpMappingCreated', 'ErpMappingCreated']);
  });

  it("answers NOT_FOUND for another company's mapping and INVALID_ID for a malformed id, to every verb", async () => {
    const [owner, outsider] = [await newCompany(), await newCompany()];
    const m = await createMapping({
      ctx: keyCtx(owner.id),
      input: { name: 'Mine', categoryCode: 'EV_BATTERY', columns: COLUMNS },
    });
    const ctx = keyCtx(outsider.id);
    expect((await refusal(updateMapping({ ctx, input: { mappingId: m.id, name: 'Stolen' } }))).code).toBe('NOT_FOUND');
    expect((await refusal(deleteMapping({ ctx, input: { mappingId: m.id } }))).code).toBe('NOT_FOUND');
    expect((await refusal(deleteMapping({ ctx, input: { mappingId: 'not-a-uuid' } }))).code).toBe('INVALID_ID');
    const { schema } = await loadStoredSchema(prisma, 'EV_BATTERY');
    expect((await refusal(lintMapping(prisma, ctx, schema, { columns: ['Modell'], mappingId: m.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await prisma.erpMapping.findUnique({ where: { id: m.id } })).toMatchObject({ name: 'Mine' });
  });

  it('shares a mapping between the live and sandbox keys of a company (mappings have no mode)', async () => {
    const c = await newCompany();
    const m = await createMapping({
      ctx: keyCtx(c.id, 'TEST'),
      input: { name: 'Sandbox-made', categoryCode: 'EV_BATTERY', columns: COLUMNS },
    });
    expect((await listMappings({ ctx: keyCtx(c.id, 'LIVE'), query: { limit: 5 } })).items.map((x) => x.id)).toEqual([
      m.id,
    ]);
  });

  it.each(BATTERY_CATEGORIES)(
    "round-trip: the stored %s schema's ERP template lints clean, as a header and as a stored mapping",
    async (code) => {
      const c = await newCompany();
      const { schema } = await loadStoredSchema(prisma, code);
      const template = buildErpTemplate(schema);
      const columns = template.columns.map((col) => col.column);
      const sampleRows = [template.columns.map((col) => csvCellText(col.example))];
      const bare = await lintMapping(prisma, keyCtx(c.id), schema, { columns, sampleRows });
      expect(bare).toMatchObject({ ok: true, sampleErrors: [] });
      const mapping = await createMapping({
        ctx: keyCtx(c.id),
        input: {
          name: 'Template',
          categoryCode: code,
          columns: template.columns.map((col) => ({ column: col.column, fieldId: col.fieldId })),
        },
      });
      expect(await lintMapping(prisma, keyCtx(c.id), schema, { columns, sampleRows, mappingId: mapping.id })).toEqual(
        bare,
      );
    },
  );
});
