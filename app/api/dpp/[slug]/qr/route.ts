import { config } from '@/lib/config';
import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { findPublicPassport } from '@/lib/passport/public/lookup';
import { parseQrFormat, renderQr } from '@/lib/passport/public/qr';
import { productNotFound } from '@/lib/passport/public/served';

export const dynamic = 'force-dynamic';

/**
 * The QR code of the passport's address (GS1 Digital Link, or /dpp/ without a GTIN). A withdrawn passport still
 * gets its code: the printed label keeps resolving, to the withdrawal notice page.
 */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) => {
  const format = parseQrFormat(new URL(request.url).searchParams.get('format'));
  const found = await findPublicPassport({ slug: params.slug });
  if (found.kind === 'not_found') throw productNotFound();
  const { body, contentType } = await renderQr(`${config().BASE_URL}${found.passport.product.path}`, format);
  return conditionalResponse(request, body, { 'Content-Type': contentType, 'Cache-Control': REVALIDATE });
});
