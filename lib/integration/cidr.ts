import { BlockList, isIP } from 'node:net';

export interface Cidr {
  family: 4 | 6;
  /** The network address, host bits cleared, in canonical text form. */
  network: string;
  prefix: number;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** Sixteen bytes of an IPv6 address that `isIP` has already accepted (with `::` and a dotted IPv4 tail). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const words: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = ipv4Bytes(dotted[1]);
    words.push((b[0] << 8) | b[1], (b[2] << 8) | b[3]);
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const headWords = parse(head);
  const tailWords = [...parse(tail), ...words];
  const zeros = () => new Array<number>(Math.max(0, 8 - headWords.length - tailWords.length)).fill(0);
  const all = tail === undefined ? [...headWords, ...words] : [...headWords, ...zeros(), ...tailWords];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

function formatBytes(bytes: number[], family: 4 | 6): string {
  if (family === 4) return bytes.join('.');
  const words = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  // The WHATWG URL parser prints IPv6 in its compressed canonical form.
  return new URL(`http://[${words.join(':')}]/`).hostname.slice(1, -1);
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address (a /32 or /128). Host bits are cleared; null when invalid. */
export function parseCidr(text: string): Cidr | null {
  if (typeof text !== 'string') return null;
  const parts = text.trim().split('/');
  if (parts.length > 2 || parts[0].includes('%')) return null;
  const family = isIP(parts[0]);
  if (family !== 4 && family !== 6) return null;
  const bits = family === 4 ? 32 : 128;
  if (parts.length === 2 && !/^\d{1,3}$/.test(parts[1])) return null;
  const prefix = parts.length === 2 ? Number(parts[1]) : bits;
  if (prefix > bits) return null;
  const bytes = family === 4 ? ipv4Bytes(parts[0]) : ipv6Bytes(parts[0]);
  const masked = bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return { family, network: formatBytes(masked, family), prefix };
}

export const formatCidr = (cidr: Cidr): string => `${cidr.network}/${cidr.prefix}`;

/** Canonical, de-duplicated CIDRs plus the entries that are not CIDRs at all. */
export function normaliseCidrs(entries: readonly string[]): { cidrs: string[]; invalid: string[] } {
  const cidrs: string[] = [];
  const invalid: string[] = [];
  for (const entry of entries) {
    const parsed = parseCidr(entry);
    if (!parsed) invalid.push(entry);
    else if (!cidrs.includes(formatCidr(parsed))) cidrs.push(formatCidr(parsed));
  }
  return { cidrs, invalid };
}

/** Whether `address` falls inside any of the (already normalised) CIDRs; an unparsable address never does. */
export function addressInCidrs(address: string, cidrs: readonly string[]): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(parsed.network, parsed.prefix, parsed.family === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
