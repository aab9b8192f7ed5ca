import { publicRoute } from '@/lib/http/public-route';
import { INVALID_LINK_PAGE, seeOther, VERIFIED_PAGE, verifyPoliEmail } from '@/lib/poli';

/** The verification link of the emailed request: confirms the address and tells the manufacturer, then a page says what follows. */
export const GET = publicRoute({}, async (request) => {
  const outcome = await verifyPoliEmail({ input: { token: new URL(request.url).searchParams.get('token') } });
  return seeOther(
    outcome.ok
      ? `${VERIFIED_PAGE}?passport=${encodeURIComponent(outcome.passportPath)}&lang=${outcome.locale}`
      : INVALID_LINK_PAGE,
  );
});
