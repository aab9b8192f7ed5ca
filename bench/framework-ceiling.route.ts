// The framework ceiling, copied to app/api/bench-ceiling/route.ts for the bench build only (never shipped):
// a trivial handler of the same Next.js build, behind the same middleware.
export const dynamic = 'force-dynamic';

const BODY = JSON.stringify({ ok: true });

export function GET(): Response {
  return new Response(BODY, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
}
