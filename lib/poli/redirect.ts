import { absoluteUrl } from './links';

/**
 * The answer of every PoLI link: 303 to a page of this service, no body, never cached, and no Referer carrying
 * the link's token onwards.
 */
export function seeOther(path: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: {
      Location: absoluteUrl(path),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      ...extraHeaders,
    },
  });
}
