import { RESOLVER_PATH_HEADER } from '@/lib/http/middleware/resolver';
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER } from '@/lib/i18n/locales';
import { logger } from '@/lib/log';
import { passportPageUnavailable, servePassportPage } from '@/lib/server/passport-page';

export const dynamic = 'force-dynamic';

/**
 * The viewer page of the passport a resolver address names (in RESOLVER_PATH_HEADER), for an anonymous browser:
 * its stored render for the product's current revision in the language the middleware chose (LOCALE_HEADER), the same for every answer (its policy names its scripts by
 * hash). Reached only through the middleware's rewrite (lib/http/middleware/stored-page.ts); a direct request is 404.
 */
export async function GET(request: Request): Promise<Response> {
  const path = request.headers.get(RESOLVER_PATH_HEADER);
  if (!path)
    return new Response('Not found.\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  try {
    const locale = request.headers.get(LOCALE_HEADER);
    return await servePassportPage(request, path, isLocale(locale) ? locale : DEFAULT_LOCALE);
  } catch (err) {
    logger().error({ err, path }, 'passport page not rendered');
    return passportPageUnavailable(path);
  }
}
