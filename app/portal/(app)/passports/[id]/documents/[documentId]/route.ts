import { renderPublicFlat } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { downloadPassportDocument } from '@/lib/portal/passports/document';
import { portalContext, requireOperator } from '@/lib/portal/session';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string; documentId: string }>;

/** A passport's evidence document for a signed-in operator of its company (a 404 for anyone else's). */
export async function GET(_request: Request, { params }: { params: Params }) {
  const operator = await requireOperator();
  const { id, documentId } = await params;
  try {
    return await downloadPassportDocument({ ctx: portalContext(operator), input: { productId: id, documentId } });
  } catch (error) {
    return renderPublicFlat(error, { requestId: newRequestId() });
  }
}
