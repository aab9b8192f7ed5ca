import { config } from '../config';
import { linksetLinkHeader } from '../http/middleware/resolver';
import { storedPageResponse } from '../http/middleware/stored-page';
import type { Locale } from '../i18n/locales';
import { type PageStoreOptions, pageRepresentation } from '../passport/public/representations';
import { renderPage } from './page-render';

/**
 * The stored-page route's answer to an anonymous browser's request for the viewer page at `path` (as requested,
 * still percent-encoded) in `locale`: the page the passport's representations hold for the product's current revision (rendered
 * through this process when missing), sent with the resolver's Link, the caching table's headers, its strong ETag,
 * or a 304 when `request` already holds it.
 */
export async function servePassportPage(
  request: Pick<Request, 'headers'>,
  path: string,
  locale: Locale,
  options: Partial<PageStoreOptions> = {},
): Promise<Response> {
  const page = await pageRepresentation(path, locale, { build: options.build, render: options.render ?? renderPage });
  return storedPageResponse(request, page, linksetLinkHeader(config().BASE_URL, path));
}

/**
 * The viewer page's answer when it cannot be made just now (the database gone, a render failed): a small page a
 * person can read, 503 with Retry-After, never stored by any cache, with the resolver's linkset like every answer at
 * a resolver address. No script, so its policy allows nothing.
 */
export function passportPageUnavailable(path: string): Response {
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Passport not available just now · Battery Passport Service</title></head><body><main>' +
    '<h1>This passport cannot be shown just now</h1><p>Please try again in a minute.</p></main></body></html>\n';
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': '30',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      Link: linksetLinkHeader(config().BASE_URL, path),
    },
  });
}
