import { DID_DOCUMENT_FILE } from '../credentials/vocabulary';
import { fail } from './failure';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return fail(`"${part}" is not percent-encoded correctly`);
  }
};

/** Plain http is accepted for the loopback hosts only (a service in development); every other host is https. */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOSTS.has(hostname.toLowerCase());

/**
 * The did:web method's address of a DID's document: the method-specific id split at `:`, the first part the host
 * (its port percent-encoded, `localhost%3A3000`), the rest path segments, then `/did.json` (or
 * `/.well-known/did.json` for a bare host). `https://`, except `http://` for a loopback host.
 */
export function didWebUrl(did: string): string {
  if (!did.startsWith('did:web:')) fail(`"${did}" is not a did:web DID`);
  const [hostPart, ...segments] = did.slice('did:web:'.length).split(':');
  const host = decode(hostPart);
  if (!HOST.test(host)) fail(`"${did}" does not name a host`);
  const path = segments.map(decode);
  if (path.some((s) => s === '' || s === '.' || s === '..' || s.includes('/'))) fail(`"${did}" has an invalid path`);
  const hostname = /^(\[[^\]]*\]|[^:]*)/.exec(host)?.[1] ?? host;
  const scheme = isLoopbackHost(hostname) ? 'http' : 'https';
  const directory = path.length > 0 ? path.map(encodeURIComponent).join('/') : '.well-known';
  return `${scheme}://${host}/${directory}/${DID_DOCUMENT_FILE}`;
}

/** The DID of a `kid` of the form `<did>#<fragment>`. */
export function didOfKid(kid: unknown): string {
  if (typeof kid !== 'string') return fail('the header has no kid');
  const hash = kid.indexOf('#');
  if (!kid.startsWith('did:') || hash < 0 || hash === kid.length - 1 || kid.indexOf('#', hash + 1) >= 0) {
    fail(`the kid "${kid}" is not of the form <did>#<fragment>`);
  }
  return kid.slice(0, hash);
}
