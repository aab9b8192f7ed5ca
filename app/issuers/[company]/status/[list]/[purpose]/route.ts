import { statusListCredential } from '@/lib/credentials/documents';
import { VC_JWT_MEDIA_TYPE } from '@/lib/credentials/vocabulary';
import { publicRoute, representationResponse } from '@/lib/http/public-route';

export const dynamic = 'force-dynamic';

/**
 * A company's Bitstring Status List credential of one purpose (`revocation` or `suspension`), signed by its
 * issuer key each time a bit changes (in the commit of the withdrawal, deprecation or reinstatement).
 */
export const GET = publicRoute<{ company: string; list: string; purpose: string }>({}, async (request, { params }) => {
  const list = await statusListCredential(params.company, params.list, params.purpose);
  return representationResponse(request, {
    bytes: Buffer.from(list.jwt, 'utf8'),
    etag: `"${list.sha256}"`,
    contentType: VC_JWT_MEDIA_TYPE,
    caching: 'issuer',
  });
});
