// Copied to app/api/bench-queries/route.ts for the bench build only (never shipped): how many queries the app's
// Prisma clients have sent so far (the server runs with DB_QUERY_COUNTER=1), read before and after each run.
import { queriesSent } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ queries: queriesSent() }, { headers: { 'Cache-Control': 'no-store' } });
}
