import { listImportErrorsEndpoint } from '@/lib/integration/api/imports';
import { listImportErrorsPage } from '@/lib/integration/api/imports/handlers';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof listImportErrorsEndpoint, { id: string }>(
  listImportErrorsEndpoint,
  async ({ ctx, db, params, query }) => json(await listImportErrorsPage(db, ctx, parseId(params.id, 'import'), query)),
);
