import { config } from '@/lib/config';
import { resolverDescription } from '@/lib/gs1/resolver-description';

export const dynamic = 'force-dynamic';

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
};

/** The GS1 resolver description document; any site may read it. */
export function GET(): Response {
  return new Response(JSON.stringify(resolverDescription(config().BASE_URL)), { headers: HEADERS });
}

/** OPTIONS answers the methods and CORS of the document. */
export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: { ...HEADERS, Allow: 'GET, HEAD, OPTIONS' } });
}
