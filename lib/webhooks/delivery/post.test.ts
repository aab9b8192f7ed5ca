import type { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postDelivery } from './post';

/** A resolver for the socket that answers from a table, so the test depends on no real DNS. */
const table = (answers: Record<string, string>): typeof dnsLookup =>
  ((host: string, _options: unknown, callback: (err: Error | null, list: unknown) => void) => {
    const address = answers[host];
    if (!address) return callback(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as never;

describe('a delivery checks the address its host name resolves to at the moment it connects', () => {
  let server: http.Server;
  let port: number;
  let received = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      received += 1;
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (url: string, resolve: typeof dnsLookup) =>
    postDelivery({ url, mode: 'LIVE', allowPrivate: true, headers: {}, body: '{}', timeoutMs: 2000, resolve });

  it('with private targets allowed, a loopback receiver is reached (tests and development keep working)', async () => {
    const result = await post(`http://receiver.test:${port}/hook`, table({ 'receiver.test': '127.0.0.1' }));
    expect(result).toMatchObject({ status: 200, error: null });
  });

  it.each([
    ['100.100.100.200', 'Alibaba Cloud'],
    ['168.63.129.16', 'Azure WireServer'],
    ['192.0.0.192', 'Oracle Cloud'],
    ['169.254.169.254', 'instance metadata'],
    ['169.254.170.2', 'AWS ECS'],
    ['fd00:ec2::254', 'AWS IMDS over IPv6'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
  ])(
    'a name that now resolves to %s (%s) is refused before any connection, private targets allowed',
    async (address) => {
      const before = received;
      const result = await post(`http://rebound.test:${port}/hook`, table({ 'rebound.test': address }));
      expect(result.status).toBeNull();
      expect(result.error).toBe(`refused: rebound.test resolves to a cloud metadata address (${address})`);
      expect(received).toBe(before);
    },
  );

  it('a metadata literal or name stored before this rule is refused at delivery too', async () => {
    const none = table({});
    expect((await post('http://100.100.100.200/latest/meta-data/', none)).error).toBe(
      'refused: The host is a cloud metadata address.',
    );
    expect((await post('http://metadata.google.internal/computeMetadata/v1/', none)).error).toBe(
      'refused: The host is a cloud metadata service.',
    );
  });
});
