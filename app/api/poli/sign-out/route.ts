import { config } from '@/lib/config';
import { publicRoute } from '@/lib/http/public-route';
import { isUuid } from '@/lib/ids';
import { clearedGrantCookieHeader, cookieValue, grantCookieName, secureCookie, seeOther, signOutPoliGrant } from '@/lib/poli';

/** The restricted view's sign-out button (a plain form POST): the grant is revoked and its cookie cleared. */
export const POST = publicRoute({}, async (request) => {
  const form = await request.formData().catch(() => null);
  const productId = form?.get('productId');
  // The id names the cookie: anything but a UUID could smuggle attributes into Set-Cookie.
  if (typeof productId !== 'string' || !isUuid(productId)) return seeOther('/');
  const name = grantCookieName(productId);
  const { passportPath } = await signOutPoliGrant({ input: { sessionToken: cookieValue(request.headers.get('cookie'), name), productId } });
  return seeOther(passportPath ?? '/', { 'Set-Cookie': clearedGrantCookieHeader(name, secureCookie(config().BASE_URL, request.url)) });
});
