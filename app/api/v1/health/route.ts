import { recentBackupLag } from '@/lib/backup/lag';
import { config } from '@/lib/config';
import { pingDatabase } from '@/lib/db/client';
import { checkHealth, healthResponse } from '@/lib/health';
import { checkBackend } from '@/lib/http/rate-limit';
import { requestIdFrom } from '@/lib/http/request-id';

// Health must reflect this moment, never a build-time render.
export const dynamic = 'force-dynamic';

// Same body as /api/health, unauthenticated; edge-limited and behind the Integration API flag (middleware).
export async function GET(request: Request): Promise<Response> {
  const report = await checkHealth({
    database: pingDatabase,
    rateLimit: checkBackend,
    backup: config().BACKUP_TARGET ? recentBackupLag : undefined,
  });
  return healthResponse(report, { 'X-Service-Request-Id': requestIdFrom(request.headers) });
}
