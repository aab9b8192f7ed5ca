import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { Mode } from '../db/generated/enums';
import { addressAllowed, forbiddenAddressReason, LOCAL_REASONS, METADATA_HOST_NAMES } from './address';

export interface UrlPolicy {
  mode: Mode;
  /** WEBHOOKS_ALLOW_PRIVATE=1: receivers on loopback and private networks (and http to them), for development and tests. */
  allowPrivate: boolean;
}

export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });
const LOCAL_NAME = /^(localhost|.+\.localhost|.+\.local|.+\.internal)$/i;

/** The host when it is an IP literal (IPv6 without its brackets), else null. */
export function literalHost(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return /^[\d.]+$/.test(host) || host.includes(':') ? host : null;
}

/**
 * The checks that need no network: an absolute http(s) URL without credentials or fragment, https in live mode
 * (http to a local receiver when private targets are allowed), and an IP literal host of an allowed class. The
 * WHATWG parser already normalises decimal, octal and hex IPv4 spellings (https://2130706433/ is 127.0.0.1), so a
 * literal is judged in its canonical form. Returns the parsed URL or the reason it is refused.
 */
export function checkUrlShape(raw: string, policy: UrlPolicy): { url: URL } | { reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { reason: 'Not an absolute URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reason: 'Use an https:// URL.' };
  if (url.username || url.password)
    return { reason: 'Credentials in the URL are not allowed; authenticate deliveries by their signature.' };
  if (url.hash) return { reason: 'A URL fragment is never sent; leave it out.' };
  const literal = literalHost(url);
  const literalReason = literal ? forbiddenAddressReason(literal) : null;
  if (literal && !addressAllowed(literal, policy.allowPrivate))
    return { reason: `The host is a ${literalReason} address.` };
  if (!literal && METADATA_HOST_NAMES.has(url.hostname.toLowerCase().replace(/\.$/, '')))
    return { reason: 'The host is a cloud metadata service.' };
  const localName = !literal && LOCAL_NAME.test(url.hostname);
  if (localName && !policy.allowPrivate) return { reason: 'The host is a local name.' };
  const local = policy.allowPrivate && (localName || (literalReason !== null && LOCAL_REASONS.has(literalReason)));
  if (url.protocol === 'http:' && policy.mode === 'LIVE' && !local && !(policy.allowPrivate && !literal)) {
    return { reason: 'Live endpoints must use https://.' };
  }
  return { url };
}

/** Every address a host name resolves to must be allowed: one refused answer refuses the whole name. */
export async function checkResolvedHost(
  host: string,
  resolve: Resolver = systemResolver,
  allowPrivate = false,
): Promise<string | null> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'The host name does not resolve.';
  }
  if (addresses.length === 0) return 'The host name does not resolve.';
  for (const { address } of addresses) {
    if (!addressAllowed(address, allowPrivate))
      return `The host resolves to a ${forbiddenAddressReason(address)} address (${address}).`;
  }
  return null;
}

/**
 * Shape, then DNS for a host name: the reason the URL is refused, or null. With private targets allowed, a live
 * http URL must name a host that resolves to local addresses only (a receiver on this machine or network).
 */
export async function webhookUrlProblem(raw: string, policy: UrlPolicy, resolve?: Resolver): Promise<string | null> {
  const shape = checkUrlShape(raw, policy);
  if ('reason' in shape) return shape.reason;
  if (literalHost(shape.url)) return null;
  const problem = await checkResolvedHost(shape.url.hostname, resolve, policy.allowPrivate);
  if (problem || shape.url.protocol === 'https:' || policy.mode !== 'LIVE') return problem;
  const addresses = await (resolve ?? systemResolver)(shape.url.hostname);
  return addresses.every(({ address }) => forbiddenAddressReason(address) !== null)
    ? null
    : 'Live endpoints must use https://.';
}
