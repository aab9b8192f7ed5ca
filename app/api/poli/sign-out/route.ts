import { config } from '@/lib/config';
import { readBoundedBody } from '@/lib/http/bounded-body';
import { publicRoute } from '@/lib/http/public-route';
import { isUuid } from '@/lib/ids';
import {
  clearedGrantCookieHeader,
  cookieValue,
  grantCookieName,
  secureCookie,
  seeOther,
  signOutPoliGrant,
} from '@/lib/poli';

/** The restricted view's sign-out button (a plain form POST): the grant is revoked and its cookie cleared. */
export const POST = publicRoute({}, async (request) => {
  // The form is one hidden field: a larger body is not ours and is dropped unread beyond 4 KiB.
  const raw = await readBoundedBody(request, 4096, () => new Error('too large')).catch(() => null);
  const type = request.headers.get('content-type') ?? '';
  const form =
    raw && (await new Response(raw as BodyInit, { headers: { 'content-type': type } }).formData().catch(() => null));
  const productId = form?.get('productId');
  // The id names the cookie: anything but a UUID could smuggle attributes into Set-Cookie.
  if (typeof productId !== 'string' || !isUuid(productId)) return seeOther('/');
  const name = grantCookieName(productId);
  const { passportPath } = await signOutPoliGrant({
    input: { sessionToken: cookieValue(request.headers.get('cookie'), name), productId },
  });
  return seeOther(passportPath ?? '/', {
    'Set-Cookie': clearedGrantCookieHeader(name, secureCookie(config().BASE_URL, request.url)),
  });
});
