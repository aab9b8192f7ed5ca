import { describe, expect, it } from 'vitest';
import { addressAllowed, CLOUD_METADATA, forbiddenAddressReason } from './address';
import { checkUrlShape, literalHost } from './url-policy';

describe('the webhook address classifier refuses every non-public IPv4 address', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'shared address space (CGNAT)'],
    ['100.127.255.255', 'shared address space (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved (documentation)'],
    ['198.18.0.1', 'reserved (benchmarking)'],
    ['192.0.0.8', 'reserved (IETF protocol assignments)'],
  ])('%s is %s', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '11.0.0.1',
    '223.255.255.254',
    '93.184.216.34',
  ])('the public address %s is allowed', (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });
});

describe('the webhook address classifier refuses every non-public IPv6 address', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'reserved (site-local)'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved (documentation)'],
    ['2001::1', 'reserved (IETF protocol assignments, Teredo)'],
    ['::2', 'reserved'],
    ['100::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
  ])('%s is %s', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::169.254.169.254', 'cloud metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
  ])('the IPv4-carrying address %s is judged by its IPv4 address: %s', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('the public address %s is allowed', (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });

  it('a string that is no IP address is refused, never taken as public', () => {
    expect(forbiddenAddressReason('example.com')).toBe('not an IP address');
    expect(forbiddenAddressReason('')).toBe('not an IP address');
  });
});

describe('URL parsing normalises other spellings of an IP address before the check', () => {
  const live = { mode: 'LIVE' as const, allowPrivate: false };

  it.each([
    ['https://2130706433/hook', '127.0.0.1'],
    ['https://0x7f000001/hook', '127.0.0.1'],
    ['https://0177.0.0.1/hook', '127.0.0.1'],
    ['https://127.1/hook', '127.0.0.1'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1'],
    ['https://[0:0::1]/', '::1'],
  ])('%s is the literal %s and is refused', (raw, canonical) => {
    expect(literalHost(new URL(raw))).toBe(canonical);
    expect(checkUrlShape(raw, live)).toEqual({ reason: expect.stringMatching(/^The host is a .* address\.$/) });
  });

  it('a public IP literal and a host name pass the shape check (the name is judged after DNS)', () => {
    expect(checkUrlShape('https://8.8.8.8/hook', live)).toHaveProperty('url');
    expect(checkUrlShape('https://hooks.example.com/x', live)).toHaveProperty('url');
  });
});

describe('every known cloud metadata address is refused whatever WEBHOOKS_ALLOW_PRIVATE says', () => {
  it.each(CLOUD_METADATA.map((m) => [m.address, m.service]))('%s (%s)', (address) => {
    expect(forbiddenAddressReason(address)).toBe('cloud metadata');
    expect(addressAllowed(address, false)).toBe(false);
    expect(addressAllowed(address, true)).toBe(false);
  });

  it.each([
    ['100.100.100.200', 'Alibaba Cloud, inside the shared address space the allowance admits'],
    ['168.63.129.16', 'Azure WireServer, an otherwise public address'],
    ['192.0.0.192', 'Oracle Cloud'],
    ['169.254.170.2', 'AWS ECS'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['::ffff:100.100.100.200', 'IPv4-mapped'],
    ['::ffff:a83f:8110', 'IPv4-mapped in hex (168.63.129.16)'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['64:ff9b::100.100.100.200', 'NAT64'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2002:6464:64c8::', '6to4 (100.100.100.200)'],
    ['FD00:EC2:0:0:0:0:0:254', 'AWS IMDS IPv6, uppercase and uncompressed'],
    ['fd20:ce::254', 'GCP IPv6'],
  ])('%s is metadata (%s), also with private targets allowed', (address) => {
    expect(forbiddenAddressReason(address)).toBe('cloud metadata');
    expect(addressAllowed(address, true)).toBe(false);
  });

  it('the neighbours of a metadata address keep their own class', () => {
    expect(forbiddenAddressReason('100.100.100.201')).toBe('shared address space (CGNAT)');
    expect(addressAllowed('100.100.100.201', true)).toBe(true);
    expect(forbiddenAddressReason('168.63.129.17')).toBeNull();
    expect(forbiddenAddressReason('fd00:ec2::1')).toBe('private (unique local)');
  });
});
