import { isIP } from 'node:net';

/**
 * Set by the custom server from the socket (after deleting any client-sent copy); middleware and
 * routes key rate limits and allow-lists on it, never on X-Forwarded-For directly.
 */
export const CLIENT_IP_HEADER = 'x-service-client-ip';

export const UNKNOWN_ADDRESS = 'unknown';

export interface ClientAddressInput {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  /** How many proxies of ours stand in front of the server (TRUSTED_PROXY_HOPS). */
  trustedHops: number;
}

/**
 * The address a client cannot choose. With N trusted hops each of our proxies appended one entry,
 * so the client is the Nth entry from the right; everything left of it is client-written.
 * A chain shorter than N means the request bypassed our proxies: fall back to the socket.
 */
export function resolveClientAddress({ socketAddress, forwardedFor, trustedHops }: ClientAddressInput): string {
  const socket = normaliseAddress(socketAddress) ?? UNKNOWN_ADDRESS;
  if (trustedHops <= 0) return socket;
  const chain = forwardedChain(forwardedFor);
  if (chain.length < trustedHops) return socket;
  return normaliseAddress(chain[chain.length - trustedHops]) ?? socket;
}

function forwardedChain(forwardedFor: string | string[] | undefined): string[] {
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** A bare IP (ports and IPv6 brackets removed, IPv4-mapped IPv6 unwrapped), or undefined if not an IP. */
export function normaliseAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1];
  const family = isIP(address);
  if (family === 0) return undefined;
  return family === 6 ? address.toLowerCase() : address;
}

/** The server-set client address for middleware and routes; 'unknown' when the server did not set it. */
export function clientAddressFromHeaders(headers: Pick<Headers, 'get'>): string {
  return headers.get(CLIENT_IP_HEADER)?.trim() || UNKNOWN_ADDRESS;
}
