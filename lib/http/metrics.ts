import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { ServiceError } from '../errors';
import { renderPublicFlat } from './errors';
import type { Surface } from './surface';

/**
 * The service's Prometheus metrics (`GET /api/metrics`, docs/reliability.md "Metrics"): one registry per process.
 *
 * It is kept on globalThis: the launcher's web server (scripts/server.ts) records every request it answers, the
 * middleware counts rate-limit refusals and the metrics route renders the lot, and these are separate bundles of the
 * same process. Labels take only values from bounded sets (a surface, a route template, a method, a status, a
 * policy name), never a path, an id or a slug.
 */
interface Metrics {
  registry: Registry;
  requests: Counter<'surface' | 'route' | 'method' | 'status'>;
  duration: Histogram<'surface' | 'route' | 'method'>;
  refusals: Counter<'policy'>;
  /** Names of the collectors the composition layer has added (each once). */
  added: Set<string>;
}

const SHARED = Symbol.for('battery-passport-service.metrics');
type Holder = { [SHARED]?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  // Process memory, CPU, handles, GC and the event loop's delay (nodejs_eventloop_lag_*), under their usual names.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'bps_http_requests_total',
      help: 'HTTP requests answered, by surface, route template, method and status (aborted: the client left first).',
      labelNames: ['surface', 'route', 'method', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'bps_http_request_duration_seconds',
      help: 'Time from a request reaching the server to its answer sent, by surface, route template and method.',
      labelNames: ['surface', 'route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    refusals: new Counter({
      name: 'bps_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by policy (edge, dpp, apiKey, bms, ...).',
      labelNames: ['policy'],
      registers: [registry],
    }),
    added: new Set(),
  };
}

export function metrics(): Metrics {
  const holder = globalThis as Holder;
  holder[SHARED] ??= create();
  return holder[SHARED];
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** An unusual method is counted as `other`: a client must not be able to mint label values. */
export function methodLabel(method: string | undefined): string {
  const upper = (method ?? '').toUpperCase();
  return METHODS.has(upper) ? upper : 'other';
}

export interface AnsweredRequest {
  surface: Surface;
  /** A route template from `routeTemplates` (or `unmatched`), never the request's path. */
  route: string;
  method: string | undefined;
  /** The status sent, or null when the client went away before the answer was complete. */
  status: number | null;
  seconds: number;
}

export function recordRequest({ surface, route, method, status, seconds }: AnsweredRequest): void {
  const m = metrics();
  const verb = methodLabel(method);
  m.requests.inc({ surface, route, method: verb, status: status === null ? 'aborted' : String(status) });
  m.duration.observe({ surface, route, method: verb }, seconds);
}

export function recordRateLimitRefusal(policy: string): void {
  metrics().refusals.inc({ policy });
}

/**
 * Adds the composition layer's collectors once per process (by name): `add` registers its metrics in the registry
 * it is given, each reading what it reports in its `collect()` at scrape time.
 */
export function addCollectors(name: string, add: (registry: Registry) => void): void {
  const m = metrics();
  if (m.added.has(name)) return;
  m.added.add(name);
  add(m.registry);
}

/** A route template's label when no route of the application matches the path. */
export const UNMATCHED_ROUTE = 'unmatched';

interface RoutePattern {
  template: string;
  segments: string[];
  /** Per segment: 0 literal, 1 one dynamic segment, 2 the rest of the path (catch-all), 3 optional catch-all. */
  kinds: number[];
}

function patternOf(route: string): RoutePattern {
  const parts = route.split('/').filter(Boolean);
  const kinds = parts.map((part) =>
    part.startsWith('[[...') ? 3 : part.startsWith('[...') ? 2 : part.startsWith('[') ? 1 : 0,
  );
  const template = `/${parts
    .map((part, i) =>
      kinds[i] === 0
        ? part
        : `{${part.replace(/^\[+(?:\.\.\.)?/, '').replace(/\]+$/, '')}${kinds[i]! >= 2 ? '*' : ''}}`,
    )
    .join('/')}`;
  return { template, segments: parts, kinds };
}

function matches(pattern: RoutePattern, parts: string[]): boolean {
  for (let i = 0; i < pattern.segments.length; i++) {
    const kind = pattern.kinds[i]!;
    if (kind >= 2) return kind === 3 || parts.length > i;
    if (i >= parts.length) return false;
    if (kind === 0 && parts[i] !== pattern.segments[i]) return false;
  }
  return parts.length === pattern.segments.length;
}

/** Literal segments before dynamic ones, dynamic before catch-all, position by position: as Next.js picks a route. */
function moreSpecificFirst(a: RoutePattern, b: RoutePattern): number {
  for (let i = 0; i < Math.max(a.kinds.length, b.kinds.length); i++) {
    const left = a.kinds[i] ?? -1;
    const right = b.kinds[i] ?? -1;
    if (left !== right) return left - right;
  }
  return 0;
}

/**
 * The route template of a path, from the application's routes written as Next.js names them (`/api/v1/products/[id]`,
 * `/api/auth/[...nextauth]`): `/api/v1/products/{id}`, `/api/auth/{nextauth*}`, or `unmatched`. The template is what
 * a request is counted under, so the label's values are the routes, however many products or slugs there are.
 */
export function routeTemplates(routes: readonly string[]): (pathname: string) => string {
  const patterns = [...new Map(routes.map((route) => [route, patternOf(route)])).values()].sort(moreSpecificFirst);
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    return patterns.find((pattern) => matches(pattern, parts))?.template ?? UNMATCHED_ROUTE;
  };
}

/** The bearer credential of an Authorization header, or null. */
function bearerOf(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

/** Equal digests of equal length: the comparison's time says nothing of how much of the token was right. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

export const METRICS_UNAUTHENTICATED_MESSAGE =
  'The metrics need the bearer token configured as METRICS_TOKEN: send Authorization: Bearer <token>.';

/**
 * The answer of `GET /api/metrics`: 404 as for any unknown address while no token is configured; 401 with
 * WWW-Authenticate without the right bearer token; else the registry in the Prometheus text format. Never cached.
 */
export async function metricsResponse(
  request: Request,
  { token, requestId, beforeScrape }: { token: string | undefined; requestId: string; beforeScrape?: () => void },
): Promise<Response> {
  if (!token) return renderPublicFlat(new ServiceError('NOT_FOUND', 'Not found.'), { requestId });
  const presented = bearerOf(request.headers.get('authorization'));
  if (presented === null || !sameToken(presented, token)) {
    const refusal = new ServiceError('UNAUTHENTICATED', METRICS_UNAUTHENTICATED_MESSAGE, {
      headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
    });
    return renderPublicFlat(refusal, { requestId });
  }
  beforeScrape?.();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store', 'X-Request-Id': requestId },
  });
}
