import type { ServiceError } from '../../errors';

/** The route handlers behind the resolver's JSON answers; only the middleware's rewrite may reach them. */
export const RESOLVER_ROUTE_PREFIX = '/api/resolver';

/**
 * The resolver address a rewritten request was made to, as a request header the middleware alone writes: after a
 * rewrite Next 16.4 hands the route the original URL, so a query parameter on the rewrite target never arrives.
 */
export const RESOLVER_PATH_HEADER = 'x-service-resolver-path';

/** The link type a request asked for (`?linkType=` other than linkset or all), for the link type route. */
export const RESOLVER_LINK_TYPE_HEADER = 'x-service-resolver-link-type';

/** The request's query string without `linkType`, which a GS1 resolver passes on when it redirects. */
export const RESOLVER_QUERY_HEADER = 'x-service-resolver-query';

/** Request headers only the middleware may write: removed from every incoming request. */
export const RESOLVER_INTERNAL_HEADERS = [RESOLVER_PATH_HEADER, RESOLVER_LINK_TYPE_HEADER, RESOLVER_QUERY_HEADER];

/** The media type of an RFC 9264 linkset in JSON, as a resolver client asks for it. */
export const LINKSET_MEDIA_TYPE = 'application/linkset+json';

/** The media type of an Asset Administration Shell environment in JSON (AAS V3.0, Part 2), as an AAS client asks. */
export const AAS_MEDIA_TYPE = 'application/aas+json';

/**
 * What the middleware needs to know of the resolver's addresses, from the domain that owns them (wired in
 * middleware.ts): which paths are addresses, and a few facts about the key one names. The middleware never looks
 * inside a key; it only hands it back.
 */
export interface ResolverDeps<K = unknown> {
  /**
   * null for a path (still percent-encoded) that is no resolver address; else the key it names, null when the
   * address is not a valid key (its page then answers 404 without a lookup), and `malformed` with the reason for an
   * address that breaks its URI syntax (answered 400).
   */
  parse(pathname: string): { key: K | null; malformed?: string } | null;
  /**
   * The uncompressed path (and data query, if any) of a compressed address (GS1 Digital Link compression), or null
   * for a path that is none; only asked for paths `parse` does not know.
   */
  decompress?(pathname: string): string | null;
  /** Whether the key names exactly one resource, so that its address alone finds its stored page. */
  namesOne(key: K): boolean;
  /** Whether the page of this key stays out of search indexes (one light read); without it no page gets the header. */
  noindex?(key: K): Promise<boolean>;
  /** Whether a Cookie header grants restricted data: a page that may show it is neither stored nor cached. */
  restricted(cookie: string | null): boolean;
  /** The refusal of an address that names nothing; a direct request to an internal route gets it too. */
  notFound(): ServiceError;
}

export type ResolverTarget = 'linkset' | 'jsonld' | 'aas' | 'linktype';

/**
 * What the resolver does with a request: nothing (not a resolver address), refuse it (a direct request to an
 * internal route), let the viewer page render, or rewrite to the linkset or JSON-LD route. Page and rewrite
 * carry the headers every resolver answer gets (Link to the linkset, Vary: Accept).
 */
export type ResolverDecision<K = unknown> =
  | { kind: 'none' }
  | { kind: 'options'; headers: Record<string, string> }
  | { kind: 'internal' }
  | { kind: 'malformed'; reason: string; headers: Record<string, string> }
  | { kind: 'compressed'; location: string; headers: Record<string, string> }
  | { kind: 'page'; key: K | null; headers: Record<string, string>; rewriteTo?: string }
  | {
      kind: 'rewrite';
      target: ResolverTarget;
      internalPath: string;
      headers: Record<string, string>;
      /** The address without a tolerated trailing slash, as the internal route reads it. */
      address?: string;
    };

/** The methods every resolver address answers (GS1-Conformant resolver standard: GET, HEAD and OPTIONS). */
export const RESOLVER_METHODS = 'GET, HEAD, OPTIONS';

/**
 * CORS on every resolver answer, the viewer page included: the GS1 standard requires CORS on each Digital Link URI
 * and its test suite looks for the allowed methods on the GET answer itself. Public data only: with `*` a browser
 * never sends or exposes credentials, so a restricted page stays the requester's own.
 */
export const RESOLVER_CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': RESOLVER_METHODS,
};

/** The answer to OPTIONS on a resolver address: 204 with Allow and a CORS preflight's headers, no body. */
export function resolverOptionsResponse(headers: Record<string, string>): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...headers,
      Allow: RESOLVER_METHODS,
      'Access-Control-Allow-Headers': 'Accept, Accept-Language, If-None-Match, If-Modified-Since',
      'Access-Control-Max-Age': '86400',
    },
  });
}

/** The media types an Accept header asks for, lower-cased; a range with `q=0` means "not this" (RFC 9110 12.4.2). */
export function acceptedTypes(accept: string | null): Set<string> {
  const types = new Set<string>();
  for (const range of (accept ?? '').split(',')) {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    if (type && !(weight && Number(weight.slice(2)) === 0)) types.add(type);
  }
  return types;
}

const isBrowser = (types: Set<string>) => types.has('text/html') || types.has('application/xhtml+xml');

/**
 * The representation a resolver request gets. `?linkType=linkset` wins over Accept (`all` is its GS1 resolver
 * 1.0 spelling); any other link type is looked up among the passport's links (a redirect to it, or 404 when it has
 * none); a browser always gets the viewer; then a linkset, then the AAS (application/aas+json), then JSON-LD; anything else gets the viewer.
 */
export function negotiate(linkType: string | null, accept: string | null): ResolverTarget | 'page' {
  if (linkType === 'linkset' || linkType === 'all') return 'linkset';
  if (linkType) return 'linktype';
  const types = acceptedTypes(accept);
  if (isBrowser(types)) return 'page';
  if (types.has(LINKSET_MEDIA_TYPE)) return 'linkset';
  if (types.has(AAS_MEDIA_TYPE)) return 'aas';
  if (types.has('application/ld+json')) return 'jsonld';
  return 'page';
}

/** `Link: <{BASE_URL}{path}?linkType=linkset>; rel="linkset"` for the address as requested (still percent-encoded). */
export function linksetLinkHeader(baseUrl: string, pathname: string): string {
  return `<${baseUrl.replace(/\/+$/, '')}${pathname}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`;
}

/** Decoded once for the internal-route check, so `/api/%72esolver/...` cannot slip past it. */
function isInternalRoute(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no route either.
  }
  const lower = decoded.toLowerCase();
  return lower === RESOLVER_ROUTE_PREFIX || lower.startsWith(`${RESOLVER_ROUTE_PREFIX}/`);
}

/** A resolver address without the one trailing slash a GS1 resolver tolerates. */
const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/** The relation GS1-Conformant resolver 1.2 gives the uncompressed URI of a compressed request, also as a full IRI. */
export const SAME_AS_RELATION = 'owl:sameAs http://www.w3.org/2002/07/owl#sameAs';

export function resolverDecision<K>(
  method: string,
  url: URL,
  headers: Pick<Headers, 'get'>,
  baseUrl: string,
  addresses: Pick<ResolverDeps<K>, 'parse' | 'decompress'>,
): ResolverDecision<K> {
  if (isInternalRoute(url.pathname)) return { kind: 'internal' };
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return { kind: 'none' };
  const parsed = addresses.parse(url.pathname);
  if (!parsed) return compressedAddress(url, baseUrl, addresses);
  const address = withoutTrailingSlash(url.pathname);
  const answerHeaders = { Link: linksetLinkHeader(baseUrl, address), Vary: 'Accept', ...RESOLVER_CORS_HEADERS };
  if (method === 'OPTIONS') return { kind: 'options', headers: answerHeaders };
  if (parsed.malformed !== undefined) return { kind: 'malformed', reason: parsed.malformed, headers: answerHeaders };
  const target = negotiate(url.searchParams.get('linkType'), headers.get('accept'));
  const slashed = address === url.pathname ? {} : { address };
  if (target === 'page')
    return {
      kind: 'page',
      key: parsed.key,
      // The page speaks the language Accept-Language asks for (unless `?lang=` chooses it).
      headers: { ...answerHeaders, Vary: 'Accept, Accept-Language' },
      ...(slashed.address ? { rewriteTo: address } : {}),
    };
  return {
    kind: 'rewrite',
    target,
    internalPath: `${RESOLVER_ROUTE_PREFIX}/${target}`,
    headers: answerHeaders,
    ...slashed,
  };
}

/**
 * A compressed GS1 Digital Link URI (one path segment) answers 307 to its uncompressed form, the request's query
 * passed on, with the uncompressed URI in `Link` as `owl:sameAs` (GS1-Conformant resolver 1.2); OPTIONS answers as
 * on any address. Anything else is no resolver address.
 */
function compressedAddress<K>(
  url: URL,
  baseUrl: string,
  addresses: Pick<ResolverDeps<K>, 'parse' | 'decompress'>,
): ResolverDecision<K> {
  const uncompressed = addresses.decompress?.(url.pathname);
  if (!uncompressed) return { kind: 'none' };
  const [path, data] = uncompressed.split('?');
  if (!addresses.parse(path)?.key) return { kind: 'none' };
  const query = new URLSearchParams(data ?? '');
  for (const [name, value] of url.searchParams) query.append(name, value);
  const search = query.size ? `?${query}` : '';
  const uri = `${baseUrl.replace(/\/+$/, '')}${path}`;
  return {
    kind: 'compressed',
    location: `${uri}${search}`,
    headers: {
      Link: `<${uri}>; rel="${SAME_AS_RELATION}", ${linksetLinkHeader(baseUrl, path)}`,
      ...RESOLVER_CORS_HEADERS,
    },
  };
}

/** A page kept out of search indexes (a withdrawn passport's notice stays reachable, but unlisted). */
export function robotsHeaders(noindex: boolean): Record<string, string> {
  return noindex ? { 'X-Robots-Tag': 'noindex' } : {};
}
