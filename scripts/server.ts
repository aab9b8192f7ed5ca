import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import next from 'next';
import { config } from '../lib/config';
import { ServiceError } from '../lib/errors';
import { CLIENT_IP_HEADER, resolveClientAddress } from '../lib/http/client-address';
import { renderError } from '../lib/http/errors';
import { hideInternalRewrites } from '../lib/http/internal-rewrite';
import { recordRequest, routeTemplates } from '../lib/http/metrics';
import { securityHeaders } from '../lib/http/middleware/security-headers';
import { newRequestId } from '../lib/http/request-id';
import { surfaceOf } from '../lib/http/surface';
import { keepVaryTokens } from '../lib/http/vary';
import { startJobs, stopJobs } from '../lib/jobs/runner';
import { logger } from '../lib/log';
import { restoreFramingHeaders } from '../lib/route-framing';
import { appRoutes } from '../lib/server/app-routes';
import { JOBS } from '../lib/server/jobs';

/**
 * A path with a percent escape that is not UTF-8 (`/api/v1/products/%FF`) makes the Next.js router throw before
 * middleware runs (a bare 500). Such a path names nothing: it is answered 404 here, in its surface's envelope.
 */
export function undecodablePath(url: string | undefined): string | null {
  const pathname = (url ?? '/').split('?')[0]!;
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return pathname;
  }
}

async function answerUndecodablePath(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume();
  const surface = surfaceOf(pathname);
  const refusal = new ServiceError(
    surface === 'public' ? 'PRODUCT_NOT_FOUND' : 'NOT_FOUND',
    'Nothing exists at this address: the path is not percent-encoded UTF-8.',
  );
  const response = renderError(surface, refusal, { requestId: newRequestId() });
  const headers = {
    ...Object.fromEntries(response.headers),
    ...securityHeaders({ pathname: '/api/', baseUrl: config().BASE_URL }),
  };
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Counts the request in the metrics once its answer is sent (or the client left): under its surface and its route
 * template (lib/http/metrics.ts), from the path as it arrived, before any rewrite.
 */
function countWhenAnswered(req: IncomingMessage, res: ServerResponse, routeOf: (pathname: string) => string): void {
  const started = process.hrtime.bigint();
  const pathname = (req.url ?? '/').split('?')[0]!;
  res.once('close', () => {
    recordRequest({
      surface: surfaceOf(pathname),
      route: routeOf(pathname),
      method: req.method,
      status: res.writableFinished ? res.statusCode : null,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    });
  });
}

export interface WebServer {
  server: Server;
  close(): Promise<void>;
}

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\])$/;

/**
 * The name Next builds its own origin from (the socket still binds to the configured address). Next's middleware
 * sees loopback addresses as "localhost"; any other spelling makes every middleware rewrite an HTTP proxy hop to
 * itself (vercel/next.js#94745), so a loopback bind address is named localhost.
 */
export function nextHostname(bindAddress: string): string {
  return LOOPBACK.test(bindAddress) ? 'localhost' : bindAddress;
}

/**
 * Next.js behind a thin Node server. `next start` would let a client-sent X-Forwarded-For stand in for the
 * socket address, so this server deletes any client copy of the service's own address header and sets it from
 * the socket, counting forwarded entries only from TRUSTED_PROXY_HOPS configured hops.
 */
export async function startWebServer(opts: {
  dev: boolean;
  hostname: string;
  port: number;
  trustedHops: number;
  /** The migrated database the background jobs (pg-boss) run on; none: no jobs in this process. */
  databaseUrl?: string;
}): Promise<WebServer> {
  const app = next({ dev: opts.dev, hostname: nextHostname(opts.hostname), port: opts.port, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const routeOf = routeTemplates(appRoutes());
  const server = createServer((req, res) => {
    countWhenAnswered(req, res, routeOf);
    const undecodable = undecodablePath(req.url);
    if (undecodable !== null) {
      void answerUndecodablePath(undecodable, req, res);
      return;
    }
    const address = resolveClientAddress({
      socketAddress: req.socket.remoteAddress,
      forwardedFor: req.headers['x-forwarded-for'],
      trustedHops: opts.trustedHops,
    });
    delete req.headers[CLIENT_IP_HEADER];
    req.headers[CLIENT_IP_HEADER] = address;
    keepVaryTokens(res);
    hideInternalRewrites(res);
    restoreFramingHeaders(res);
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.hostname, () => resolve());
  });
  if (opts.databaseUrl) await startBackgroundJobs(opts.databaseUrl);
  const closeHttp = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
  return {
    server,
    close: async () => {
      await Promise.all([
        closeHttp(),
        stopJobs().catch((err) => logger().error({ err }, 'background jobs did not stop cleanly')),
      ]);
    },
  };
}

/** Jobs are housekeeping: if they cannot start, the web server keeps serving and the failure is logged. */
async function startBackgroundJobs(connectionString: string): Promise<void> {
  try {
    await startJobs({ connectionString, log: logger().child({ component: 'jobs' }), jobs: JOBS });
  } catch (err) {
    logger().error({ err }, 'background jobs did not start; the web server runs without them');
  }
}
