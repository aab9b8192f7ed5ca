import { listDocuments } from '@/lib/documents/list';
import { uploadDocument } from '@/lib/documents/upload';
import { documentView } from '@/lib/documents/view';
import { listDocumentsEndpoint, uploadDocumentEndpoint } from '@/lib/integration/api/documents';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof listDocumentsEndpoint, Params>(
  listDocumentsEndpoint,
  async ({ ctx, db, params, query }) => json(await listDocuments(db, ctx, parseId(params.id, 'product'), query)),
);

export const POST = integrationRoute<typeof uploadDocumentEndpoint, Params>(
  uploadDocumentEndpoint,
  async ({ ctx, db, params, rawBody, request }) => {
    const input = {
      productId: parseId(params.id, 'product'),
      rawBody,
      contentType: request.headers.get('content-type'),
    };
    const { document } = await uploadDocument({ ctx, db, input });
    return json(documentView(document), 201, { Location: `/api/v1/documents/${document.id}/download` });
  },
);
