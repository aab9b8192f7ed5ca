import { config } from '../config';
import { linksetLinkHeader } from '../http/middleware/resolver';
import { storedPageResponse } from '../http/middleware/stored-page';
import { type PageStoreOptions, pageRepresentation } from '../passport/public/representations';
import { renderPage } from './page-render';

/**
 * The stored-page route's answer to an anonymous browser's request for the viewer page at `path` (as requested,
 * still percent-encoded): the page the passport's representations hold for the product's current revision (rendered
 * through this process when missing), sent with the resolver's Link, the caching table's headers, its strong ETag,
 * or a 304 when `request` already holds it.
 */
export async function servePassportPage(
  request: Pick<Request, 'headers'>,
  path: string,
  options: Partial<PageStoreOptions> = {},
): Promise<Response> {
  const page = await pageRepresentation(path, { build: options.build, render: options.render ?? renderPage });
  return storedPageResponse(request, page, linksetLinkHeader(config().BASE_URL, path));
}
