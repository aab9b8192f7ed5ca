// The framework ceiling with a body of 11 bytes, copied to app/api/bench-ceiling-small/route.ts for the bench build
// only (never shipped): the same trivial handler as bench/framework-ceiling.route.ts, answering `{"ok":true}`.
// Measured once per run, beside the ceiling of the passport bytes, to show what the bytes alone cost.
export const dynamic = 'force-dynamic';

const BODY = JSON.stringify({ ok: true });

export function GET(): Response {
  return new Response(BODY, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
