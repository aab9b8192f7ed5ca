// The framework ceiling, copied to app/api/bench-ceiling/route.ts for the bench build only (never shipped): a
// trivial handler of the same Next.js build, behind the same middleware, answering the same passport bytes as the
// physical ceiling (the file BENCH_CEILING_BODY names, read once). The best a route serving those bytes can do.
import { readFileSync } from 'node:fs';

export const dynamic = 'force-dynamic';

// Read at run time from wherever the harness wrote it: the build must not trace the whole project for it.
const BODY = readFileSync(/*turbopackIgnore: true*/ process.env.BENCH_CEILING_BODY ?? '/dev/null');

export function GET(): Response {
  return new Response(BODY, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
