import { downloadDocument } from '@/lib/documents/download';
import { downloadDocumentEndpoint } from '@/lib/integration/api/documents';
import { parseId } from '@/lib/integration/input';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof downloadDocumentEndpoint, Params>(
  downloadDocumentEndpoint,
  async ({ ctx, db, params }) => downloadDocument(db, ctx, parseId(params.id, 'document')),
);
