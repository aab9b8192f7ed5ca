import { config } from '../config';
import { linksetLinkHeader } from '../http/middleware/resolver';
import { storedPageResponse } from '../http/middleware/stored-page';
import { type PageStoreOptions, pageRepresentation } from '../passport/public/representations';
import { renderPage } from './page-render';

/**
 * The stored-page route's answer to an anonymous browser's request for the viewer page at `path` (as requested,
 * still percent-encoded), with `nonce` for its scripts: the page the passport's representations hold for the
 * product's current revision (rendered through this process when missing), sent with the resolver's Link.
 */
export async function servePassportPage(
  path: string,
  nonce: string,
  options: Partial<PageStoreOptions> = {},
): Promise<Response> {
  const page = await pageRepresentation(path, nonce, { build: options.build, render: options.render ?? renderPage });
  return storedPageResponse(page, linksetLinkHeader(config().BASE_URL, path));
}
