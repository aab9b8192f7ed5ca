import { decompressDigitalLinkPath } from '../gs1/compressed';
import type { ResolverDeps } from '../http/middleware/resolver';
import {
  namesOnePassport,
  type PassportKey,
  pageNoindex,
  parseResolverPath,
  productNotFound,
} from '../passport/public/representations';
import { hasGrantCookie } from '../poli/cookie';

/**
 * The resolver's addresses as the passport domain reads them, for the middleware (wired in middleware.ts): the key
 * rules of the pages and the JSON routes, compressed GS1 Digital Link URIs, the noindex read of a withdrawn passport's page, and the grant cookie of
 * a browser whose pages may show restricted fields.
 */
export const passportResolver: ResolverDeps<PassportKey> = {
  parse: parseResolverPath,
  decompress: decompressDigitalLinkPath,
  namesOne: namesOnePassport,
  noindex: pageNoindex,
  restricted: hasGrantCookie,
  notFound: productNotFound,
};
