import { getCategorySchema } from '@/lib/integration/api/catalog';
import { fieldView, loadStoredSchema, SCHEMA_ATTRIBUTION } from '@/lib/integration/api/catalog/reference';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof getCategorySchema, { code: string }>(
  getCategorySchema,
  async ({ db, params, query }) => {
    const { schema, currentVersion } = await loadStoredSchema(db, params.code, query.version);
    return json({
      category: schema.category,
      version: schema.version,
      currentVersion,
      attribution: SCHEMA_ATTRIBUTION,
      fields: schema.fields.map(fieldView),
    });
  },
);
