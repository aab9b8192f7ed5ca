import { getErpTemplate } from '@/lib/integration/api/catalog';
import { loadStoredSchema } from '@/lib/integration/api/catalog/reference';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { buildErpTemplate, erpTemplateCsv } from '@/lib/schema/erp-template';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof getErpTemplate, { code: string }>(
  getErpTemplate,
  async ({ db, params, query }) => {
    const { schema } = await loadStoredSchema(db, params.code);
    const template = buildErpTemplate(schema);
    if (query.format === 'json') return json(template);
    return new Response(erpTemplateCsv(template), {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': `attachment; filename="${schema.category}-erp-template.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
