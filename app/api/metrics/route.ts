import { config } from '@/lib/config';
import { metricsResponse } from '@/lib/http/metrics';
import { requestIdFrom } from '@/lib/http/request-id';
import { registerServiceMetrics } from '@/lib/server/metrics';

// The figures of this moment, never a build-time render.
export const dynamic = 'force-dynamic';

// Prometheus metrics (docs/reliability.md, "Metrics"): off (404) unless METRICS_TOKEN is set, then its bearer token.
export async function GET(request: Request): Promise<Response> {
  return metricsResponse(request, {
    token: config().METRICS_TOKEN,
    requestId: requestIdFrom(request.headers),
    beforeScrape: registerServiceMetrics,
  });
}
