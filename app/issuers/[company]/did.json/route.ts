import { didDocument } from '@/lib/credentials/documents';
import { publicRoute, representationResponse, strongEtag } from '@/lib/http/public-route';

export const dynamic = 'force-dynamic';

/**
 * The did:web DID document of a company's issuer (`did:web:<host>:issuers:<company>`): its current and retired
 * Ed25519 keys as JsonWebKey verification methods. Revalidated on every use, so a rotation is seen at once.
 */
export const GET = publicRoute<{ company: string }>({}, async (request, { params }) => {
  const bytes = Buffer.from(JSON.stringify(await didDocument(params.company)), 'utf8');
  return representationResponse(request, {
    bytes,
    etag: strongEtag(bytes),
    contentType: 'application/did+ld+json',
    caching: 'issuer',
  });
});
