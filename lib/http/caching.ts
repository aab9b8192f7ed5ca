/**
 * The caching rules of every public answer, in one table: what a browser and a shared cache (a reverse proxy, a
 * CDN) may keep, how they revalidate and what the answer varies on. Every public route, the stored viewer page and
 * the public error answers take their Cache-Control and Vary from here; docs/public-api.md ("Caching") shows the
 * same table, rendered by `cachingTableMarkdown` (a test keeps the two in step), and e2e/caching.spec.ts checks every
 * row's real headers over HTTP.
 *
 * The bound. The contract lets a BMS value take up to 60 s to show on the public passport, and this service holds
 * every other change (a withdrawal, a new version) to the same bound. A compliant cache serves a stored copy while
 * its age is under its freshness lifetime (`s-maxage` for a shared cache, `max-age` for a browser), and a stale one
 * for `stale-while-revalidate` seconds more while it fetches the new one. Age is counted from the origin (RFC 9111
 * 4.2.3: the `Age` a shared cache adds, or the origin's `Date`, which deploy/nginx.conf passes through), so along any
 * chain of compliant caches no copy older than max(s-maxage, max-age) + stale-while-revalidate is ever served:
 * 15 + 15 = 30 s. A cache that sent neither `Age` nor the origin's `Date` would let the browser behind it start its
 * own clock: 30 s in the shared cache plus 0 + 15 s in the browser is 45 s, still under 60 with 15 s left for the
 * background revalidation itself (deploy/nginx.conf gives it 10 s). No `stale-if-error`: a copy is never served
 * past the bound because the origin is down.
 */

/** Seconds a shared cache may serve a passport answer without asking (s-maxage). */
const SHARED_MAX_AGE = 15;
/** Seconds a stale copy may still be served while the cache revalidates it in the background. */
const STALE_WHILE_REVALIDATE = 15;
/** The contract's bound for BMS values on the public passport, which bounds every staleness here. */
export const STALENESS_BOUND_SECONDS = 60;

/** A passport answer: browsers revalidate every use, shared caches keep it 15 s (and 15 s more while revalidating). */
const PASSPORT_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`;
/** The contract's own words for the 410 of a withdrawn passport: every cache revalidates every use. */
const WITHDRAWN_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Public bytes outside the passports that may change at any time (an issuer's keys, a status list). */
export const REVALIDATE_EVERY_TIME = 'public, max-age=0, must-revalidate';
/** Anything that depends on who asks (a cookie, a key, a secret, a rate limit): no cache keeps it. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';
const NO_STORE = 'no-store';

/** The public surfaces, each a row of the table. */
export type CachedSurface =
  | 'dpp'
  | 'jsonld'
  | 'versions'
  | 'version'
  | 'credential'
  | 'qr'
  | 'resolver-jsonld'
  | 'resolver-linkset'
  | 'aas'
  | 'page'
  | 'not-found'
  | 'withdrawn'
  | 'issuer'
  | 'restricted-page'
  | 'private';

export interface CachingRule {
  /** The answers the row covers, as the table in docs/public-api.md names them. */
  answers: string;
  cacheControl: string;
  /** The request headers the answer varies on (RFC 9110 12.5.5), beside what CORS or compression add. */
  vary: readonly string[];
  /** Its validator: a strong ETag of the bytes, answered 304 on If-None-Match. */
  etag: boolean;
}

/**
 * The table. The viewer page varies on Cookie as well: a browser holding a restricted-access grant gets another
 * page (never stored, PRIVATE), so no cache may hand the anonymous copy to it, nor the other way round. The page
 * speaks the reader's language: `?lang=` is part of the URL (every cache keys on it), and without it the page follows
 * Accept-Language, which is in its Vary.
 */
export const CACHING: Readonly<Record<CachedSurface, CachingRule>> = {
  dpp: { answers: '`GET /api/dpp/{slug}` 200, 304', cacheControl: PASSPORT_CACHE_CONTROL, vary: [], etag: true },
  jsonld: { answers: '`/api/dpp/{slug}/jsonld` 200, 304', cacheControl: PASSPORT_CACHE_CONTROL, vary: [], etag: true },
  versions: {
    answers: '`/api/dpp/{slug}/versions` 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: [],
    etag: true,
  },
  version: {
    answers: '`/api/dpp/{slug}/v/{n}` 200, 304 (a version stops answering once the passport is withdrawn)',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: [],
    etag: true,
  },
  credential: {
    answers: '`/api/dpp/{slug}/v/{n}/credential` 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: [],
    etag: true,
  },
  qr: { answers: '`/api/dpp/{slug}/qr` 200, 304', cacheControl: PASSPORT_CACHE_CONTROL, vary: [], etag: true },
  'resolver-jsonld': {
    answers: 'resolver address, JSON-LD (`Accept: application/ld+json`) 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: ['Accept'],
    etag: true,
  },
  'resolver-linkset': {
    answers: 'resolver address, linkset (`?linkType=linkset` or `Accept: application/linkset+json`) 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: ['Accept'],
    etag: true,
  },
  aas: {
    answers:
      'the Asset Administration Shell (`/api/dpp/{slug}/aas`, `/v/{n}/aas`; at a resolver address with `Vary: Accept`) 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: [],
    etag: true,
  },
  page: {
    answers: 'viewer page at a resolver address, anonymous browser (no cookie; no query but `?lang=`) 200, 304',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: ['Accept', 'Accept-Language', 'Cookie'],
    etag: true,
  },
  'not-found': {
    answers: '404 of a public read (`PRODUCT_NOT_FOUND`, `VERSION_NOT_FOUND`, `ISSUER_NOT_FOUND`, …)',
    cacheControl: PASSPORT_CACHE_CONTROL,
    vary: [],
    etag: false,
  },
  withdrawn: {
    answers: '410 `PRODUCT_WITHDRAWN` (the contract fixes this header)',
    cacheControl: WITHDRAWN_CACHE_CONTROL,
    vary: [],
    etag: false,
  },
  issuer: {
    answers: '`/issuers/{company}/did.json`, `/issuers/{company}/status/{n}/{purpose}` 200, 304',
    cacheControl: REVALIDATE_EVERY_TIME,
    vary: [],
    etag: true,
  },
  'restricted-page': {
    answers: 'viewer page for a browser holding a restricted-access grant (PoLI cookie), and its form posts',
    cacheControl: PRIVATE_CACHE_CONTROL,
    vary: ['Accept', 'Accept-Language', 'Cookie'],
    etag: false,
  },
  private: {
    answers:
      'everything else: other errors (400, 429, 5xx), the portal, PoLI links, the Integration API, the BMS endpoint, viewer pages rendered per request',
    cacheControl: NO_STORE,
    vary: [],
    etag: false,
  },
};

/** The Cache-Control of a surface. */
export const cacheControlOf = (surface: CachedSurface): string => CACHING[surface].cacheControl;

/** The public surface's headers an answer of `surface` carries: Cache-Control, and Vary when it varies. */
export function cachingHeaders(surface: CachedSurface): Record<string, string> {
  const { cacheControl, vary } = CACHING[surface];
  return vary.length > 0 ? { 'Cache-Control': cacheControl, Vary: vary.join(', ') } : { 'Cache-Control': cacheControl };
}

/**
 * The longest any copy of a row can be served after the origin changed, through compliant caches (age counted from
 * the origin): freshness lifetime plus stale-while-revalidate. 0 for answers no cache keeps or that every cache
 * revalidates every use.
 */
export function worstStalenessSeconds(cacheControl: string): number {
  const directives = new Map(
    cacheControl.split(',').map((d) => {
      const [name, value] = d.trim().toLowerCase().split('=');
      return [name, value === undefined ? true : Number(value)] as const;
    }),
  );
  if (directives.has('no-store') || directives.has('private')) return 0;
  const seconds = (name: string) => {
    const value = directives.get(name);
    return typeof value === 'number' ? value : 0;
  };
  const fresh = Math.max(seconds('max-age'), seconds('s-maxage'));
  // must-revalidate forbids serving a stale copy at all (RFC 9111 5.2.2.2), stale-while-revalidate included.
  return directives.has('must-revalidate') ? fresh : fresh + seconds('stale-while-revalidate');
}

/** The table as docs/public-api.md shows it (a test compares the two). */
export function cachingTableMarkdown(): string {
  const rows = Object.values(CACHING).map(
    ({ answers, cacheControl, vary, etag }) =>
      `| ${answers} | \`${cacheControl}\` | ${etag ? 'strong `ETag`, 304' : '—'} | ${vary.length ? vary.map((v) => `\`${v}\``).join(', ') : '—'} | ${worstStalenessSeconds(cacheControl)} s |`,
  );
  return [
    '| Answers | `Cache-Control` | Validator | `Vary` | Longest staleness |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
