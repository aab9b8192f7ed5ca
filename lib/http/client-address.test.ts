import { describe, expect, it } from 'vitest';
import { clientAddressFromHeaders, normaliseAddress, resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('ignores a forged X-Forwarded-For when no proxy is trusted (0 hops)', () => {
    expect(resolveClientAddress({ socketAddress: '203.0.113.9', forwardedFor: '1.1.1.1', trustedHops: 0 })).toBe(
      '203.0.113.9',
    );
  });

  it('takes the rightmost entry behind one proxy, whatever the client prepended', () => {
    const forwardedFor = '6.6.6.6, 7.7.7.7, 198.51.100.4';
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor, trustedHops: 1 })).toBe('198.51.100.4');
  });

  it('takes the second entry from the right behind two proxies', () => {
    const forwardedFor = '6.6.6.6, 198.51.100.4, 10.0.0.7';
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor, trustedHops: 2 })).toBe('198.51.100.4');
  });

  it('joins repeated X-Forwarded-For headers before counting from the right', () => {
    const forwardedFor = ['6.6.6.6', '198.51.100.4, 10.0.0.7'];
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor, trustedHops: 2 })).toBe('198.51.100.4');
  });

  it('falls back to the socket when the chain is shorter than the trusted hops (proxies bypassed)', () => {
    expect(resolveClientAddress({ socketAddress: '203.0.113.9', forwardedFor: '1.1.1.1', trustedHops: 2 })).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress({ socketAddress: '203.0.113.9', forwardedFor: undefined, trustedHops: 1 })).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress({ socketAddress: '203.0.113.9', forwardedFor: ' , ', trustedHops: 1 })).toBe(
      '203.0.113.9',
    );
  });

  it('falls back to the socket when the trusted entry is not an address', () => {
    expect(resolveClientAddress({ socketAddress: '10.0.0.2', forwardedFor: '1.1.1.1, unknown', trustedHops: 1 })).toBe(
      '10.0.0.2',
    );
  });

  it('unwraps IPv4-mapped IPv6 on the socket and in the chain', () => {
    expect(resolveClientAddress({ socketAddress: '::ffff:203.0.113.9', forwardedFor: undefined, trustedHops: 0 })).toBe(
      '203.0.113.9',
    );
    expect(resolveClientAddress({ socketAddress: '::1', forwardedFor: '::FFFF:198.51.100.4', trustedHops: 1 })).toBe(
      '198.51.100.4',
    );
  });

  it('keeps IPv6 clients (lower-cased, brackets and ports removed)', () => {
    expect(resolveClientAddress({ socketAddress: '::1', forwardedFor: '[2001:DB8::1]:4711', trustedHops: 1 })).toBe(
      '2001:db8::1',
    );
    expect(resolveClientAddress({ socketAddress: '2001:db8::7', forwardedFor: '1.1.1.1', trustedHops: 0 })).toBe(
      '2001:db8::7',
    );
  });

  it('answers unknown when even the socket address is gone', () => {
    expect(resolveClientAddress({ socketAddress: undefined, forwardedFor: '1.1.1.1', trustedHops: 0 })).toBe('unknown');
  });
});

describe('normaliseAddress', () => {
  it('strips an IPv4 port and rejects non-addresses', () => {
    expect(normaliseAddress('198.51.100.4:443')).toBe('198.51.100.4');
    expect(normaliseAddress('example.com')).toBeUndefined();
  });
});

describe('clientAddressFromHeaders', () => {
  it('reads the server-set header, or says unknown', () => {
    expect(clientAddressFromHeaders(new Headers({ 'x-service-client-ip': '203.0.113.9' }))).toBe('203.0.113.9');
    expect(clientAddressFromHeaders(new Headers())).toBe('unknown');
  });
});
