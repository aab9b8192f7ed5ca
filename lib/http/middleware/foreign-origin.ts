/**
 * Server actions posted from another site. Next.js refuses a server action whose `Origin` names another host than
 * the request's (`x-forwarded-host`, else `Host`) by throwing, which the browser sees as a bare 500. The middleware
 * answers the same requests first with a 403 page. The test mirrors Next's own (next/dist/server/app-render/
 * action-handler.js): a POST that may be an action (the `Next-Action` header of a fetch action, or a form post in
 * multipart or urlencoded form, as a page without JavaScript sends it) whose `Origin` is present and does not
 * name the request's host (`Origin: null` included). Route handlers under /api are not server actions and keep their own checks.
 */
export function isForeignOriginAction(request: Request): boolean {
  if (request.method !== 'POST') return false;
  const { pathname, host: urlHost } = new URL(request.url);
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const headers = request.headers;
  const type = (headers.get('content-type') ?? '').toLowerCase();
  const possibleAction =
    headers.has('next-action') ||
    type.startsWith('multipart/form-data') ||
    type.startsWith('application/x-www-form-urlencoded');
  if (!possibleAction) return false;
  const origin = headers.get('origin');
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // `null` (a sandboxed or privacy-sensitive context) and anything unparsable: Next refuses those too
  }
  const host = (headers.get('x-forwarded-host') ?? headers.get('host') ?? urlHost).split(',')[0]!.trim();
  return originHost.toLowerCase() !== host.toLowerCase();
}

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused</title></head>
<body>
<main>
<h1>Request refused</h1>
<p>This form was sent from another site, so nothing was changed. Open the page on this service and send it again.</p>
<p><a href="/">Back to the start page</a></p>
</main>
</body>
</html>
`;

/** The 403 page for a foreign-origin action: nothing ran, nothing is cached. */
export function foreignOriginPage(): Response {
  return new Response(PAGE, {
    status: 403,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
