import { config as appConfig } from '@/lib/config';
import { featureFlagsFrom } from '@/lib/http/middleware/feature-gate';
import { createMiddleware } from '@/lib/http/middleware/handle-request';
import { limit } from '@/lib/http/rate-limit';
import { newRequestId } from '@/lib/http/request-id';
import { pageStoreEnabled } from '@/lib/passport/public/representations';
import { passportResolver } from '@/lib/server/resolver';

// The product's design names middleware.ts; Next 16 prints a rename notice (proxy.ts) and runs it.
export const middleware = createMiddleware({
  limitEdge: (clientAddress) => limit('edge', clientAddress),
  flags: () => featureFlagsFrom(appConfig()),
  newRequestId,
  // The passport addresses; one indexed read of state and version, for X-Robots-Tag on a withdrawn passport's page.
  resolver: passportResolver,
  storedPages: pageStoreEnabled,
});

export const config = {
  // Every request gets a request id; static assets do not need one.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|robots.txt).*)'],
  // Node runtime: the limiter talks to Redis over TCP (ioredis) and logs with pino.
  runtime: 'nodejs',
};
