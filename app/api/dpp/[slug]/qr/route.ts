import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * The QR code of the passport's address (GS1 Digital Link, or /dpp/ without a GTIN). A withdrawn passport still
 * gets its code: the printed label keeps resolving, to the withdrawal notice page.
 */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) => {
  const format = new URL(request.url).searchParams.get('format');
  return representationResponse(request, await publicRepresentation({ form: 'qr', slug: params.slug, format }));
});
