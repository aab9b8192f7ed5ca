import { config } from '@/lib/config';
import { publicRoute } from '@/lib/http/public-route';
import {
  grantCookieHeader,
  grantCookieName,
  INVALID_LINK_PAGE,
  RESTRICTED_VIEW_ANCHOR,
  redeemPoliAccess,
  secureCookie,
  seeOther,
} from '@/lib/poli';

/**
 * The approved requester's access link: the browser gets the grant cookie and lands on the passport page's restricted
 * section, in the language the request was made in.
 */
export const GET = publicRoute({}, async (request) => {
  const outcome = await redeemPoliAccess({ input: { token: new URL(request.url).searchParams.get('token') } });
  if (!outcome.ok) return seeOther(INVALID_LINK_PAGE);
  const cookie = grantCookieHeader(grantCookieName(outcome.productId), outcome.sessionToken, {
    maxAgeSeconds: (outcome.expiresAt.getTime() - Date.now()) / 1000,
    secure: secureCookie(config().BASE_URL, request.url),
  });
  return seeOther(`${outcome.passportPath}?lang=${outcome.locale}#${RESTRICTED_VIEW_ANCHOR}`, { 'Set-Cookie': cookie });
});
