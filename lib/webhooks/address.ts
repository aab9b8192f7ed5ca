import { isIP } from 'node:net';

/**
 * Classifies an IP address a webhook may not reach: the reason it is forbidden, or null for a public unicast
 * address. IPv4-mapped, NAT64 and 6to4 IPv6 addresses are judged by the IPv4 address they carry.
 */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return ipv4Reason(ipv4ToInt(bare));
  if (family === 6) return ipv6Reason(ipv6ToHextets(bare));
  return 'not an IP address';
}

/** The reason given for every address of CLOUD_METADATA; no allowance admits it. */
export const METADATA_REASON = 'cloud metadata';

/**
 * Known cloud metadata and host-agent addresses. Several sit in classes WEBHOOKS_ALLOW_PRIVATE=1 admits (CGNAT) or
 * that are otherwise public (Azure's WireServer), so they are matched before the classes, and their IPv4-mapped,
 * NAT64 and 6to4 forms are matched by the IPv4 address they carry.
 */
export const CLOUD_METADATA: readonly { address: string; service: string }[] = [
  {
    address: '169.254.169.254',
    service: 'AWS, GCP, Azure, Oracle, DigitalOcean, Hetzner, OpenStack instance metadata',
  },
  { address: '169.254.170.2', service: 'AWS ECS task metadata and credentials' },
  { address: '169.254.170.23', service: 'AWS EKS Pod Identity agent' },
  { address: '169.254.169.253', service: 'AWS VPC DNS resolver' },
  { address: '169.254.169.123', service: 'AWS time sync' },
  { address: '169.254.0.23', service: 'Tencent Cloud metadata' },
  { address: '100.100.100.200', service: 'Alibaba Cloud metadata' },
  { address: '168.63.129.16', service: 'Azure WireServer (host agent, DNS)' },
  { address: '192.0.0.192', service: 'Oracle Cloud metadata' },
  { address: 'fd00:ec2::254', service: 'AWS instance metadata over IPv6' },
  { address: 'fd00:ec2::23', service: 'AWS EKS Pod Identity agent over IPv6' },
  { address: 'fd00:ec2::253', service: 'AWS VPC DNS resolver over IPv6' },
  { address: 'fd00:ec2::123', service: 'AWS time sync over IPv6' },
  { address: 'fd20:ce::254', service: 'GCP metadata over IPv6' },
];

/** Host names of metadata services (they resolve to an address above); refused before any DNS lookup. */
export const METADATA_HOST_NAMES: ReadonlySet<string> = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** The classes WEBHOOKS_ALLOW_PRIVATE=1 lets through (a receiver on this machine or the local network); metadata never. */
export const LOCAL_REASONS: ReadonlySet<string> = new Set([
  'private',
  'loopback',
  'private (unique local)',
  'shared address space (CGNAT)',
]);

/** Whether the address may be reached: public always, local ones only when private targets are allowed. */
export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  const reason = forbiddenAddressReason(address);
  return reason === null || (allowPrivate && LOCAL_REASONS.has(reason));
}

const V4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved (IETF protocol assignments)'],
  ['192.0.2.0', 24, 'reserved (documentation)'],
  ['192.88.99.0', 24, 'reserved (6to4 relay anycast)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'reserved (documentation)'],
  ['203.0.113.0', 24, 'reserved (documentation)'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V4_TABLE = V4_RANGES.map(([base, bits, reason]) => ({
  base: ipv4ToInt(base),
  mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0,
  reason,
}));

const METADATA_V4 = new Set(CLOUD_METADATA.filter((m) => isIP(m.address) === 4).map((m) => ipv4ToInt(m.address)));
const METADATA_V6 = new Set(
  CLOUD_METADATA.filter((m) => isIP(m.address) === 6).map((m) => ipv6ToHextets(m.address).join(':')),
);

function ipv4Reason(ip: number): string | null {
  if (METADATA_V4.has(ip)) return METADATA_REASON;
  for (const { base, mask, reason } of V4_TABLE) if ((ip & mask) >>> 0 === base) return reason;
  return null;
}

function ipv4ToInt(dotted: string): number {
  return dotted.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** Eight 16-bit groups of a valid IPv6 text (isIP checked it), with an embedded dotted IPv4 tail expanded. */
function ipv6ToHextets(text: string): number[] {
  let source = text.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(source);
  if (dotted) {
    const v4 = ipv4ToInt(dotted[1]);
    source = `${source.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = source.includes('::') ? source.split('::') : [source, undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

const startsWith = (h: number[], prefix: number[]) => prefix.every((v, i) => h[i] === v);
const embeddedV4 = (h: number[]) => ((h[6] << 16) | h[7]) >>> 0;

function ipv6Reason(h: number[]): string | null {
  if (h.every((v) => v === 0)) return 'unspecified';
  if (METADATA_V6.has(h.join(':'))) return METADATA_REASON;
  if (h.slice(0, 7).every((v) => v === 0) && h[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address they carry.
  if (startsWith(h, [0, 0, 0, 0, 0, 0xffff]) || startsWith(h, [0x64, 0xff9b, 0, 0, 0, 0]))
    return ipv4Reason(embeddedV4(h));
  if (h[0] === 0x2002) return ipv4Reason(((h[1] << 16) | h[2]) >>> 0); // 6to4 carries an IPv4 address too
  if ((h[0] & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((h[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((h[0] & 0xffc0) === 0xfec0) return 'reserved (site-local)';
  if ((h[0] & 0xff00) === 0xff00) return 'multicast';
  if (h[0] === 0x2001 && h[1] === 0x0db8) return 'reserved (documentation)';
  if (h[0] === 0x2001 && h[1] < 0x0200) return 'reserved (IETF protocol assignments, Teredo)';
  // Everything outside global unicast 2000::/3 (IPv4-compatible ::/96, discard 100::/64, unassigned space).
  if ((h[0] & 0xe000) !== 0x2000) return 'reserved';
  return null;
}
