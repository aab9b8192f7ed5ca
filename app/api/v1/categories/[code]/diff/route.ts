import { getCategorySchemaDiff } from '@/lib/integration/api/catalog';
import { fieldView, loadStoredSchema } from '@/lib/integration/api/catalog/reference';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { diffSchemaFields } from '@/lib/schema/diff';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof getCategorySchemaDiff, { code: string }>(
  getCategorySchemaDiff,
  async ({ db, params, query }) => {
    const from = await loadStoredSchema(db, params.code, query.from);
    const to = await loadStoredSchema(db, params.code, query.to);
    const diff = diffSchemaFields(from.schema.fields, to.schema.fields);
    return json({
      category: to.schema.category,
      from: query.from,
      to: query.to,
      added: diff.added.map(fieldView),
      removed: diff.removed.map(fieldView),
      changed: diff.changed,
    });
  },
);
