import { describe, expect, it } from 'vitest';
import { addressInCidrs, formatCidr, normaliseCidrs, parseCidr } from './cidr';

const canonical = (text: string) => {
  const parsed = parseCidr(text);
  return parsed && formatCidr(parsed);
};

describe('parseCidr', () => {
  it('reads IPv4 and IPv6 ranges and bare addresses', () => {
    expect(canonical('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(canonical(' 192.168.1.5 ')).toBe('192.168.1.5/32');
    expect(canonical('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(canonical('2001:db8::/32')).toBe('2001:db8::/32');
    expect(canonical('2001:0DB8:0000:0000::1')).toBe('2001:db8::1/128');
    expect(canonical('::/0')).toBe('::/0');
    expect(canonical('::ffff:10.1.2.3/128')).toBe('::ffff:a01:203/128');
    expect(canonical('1:2:3:4:5:6:7.8.9.10/112')).toBe('1:2:3:4:5:6:708:0/112');
  });

  it('clears host bits', () => {
    expect(canonical('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(canonical('172.16.255.1/12')).toBe('172.16.0.0/12');
    expect(canonical('2001:db8:abcd:1234::1/36')).toBe('2001:db8:a000::/36');
  });

  it('refuses anything that is not a CIDR', () => {
    for (const bad of [
      '',
      'abc',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0.0/8/8',
      '10.0.0.256',
      '010.0.0.1',
      'fe80::1%eth0',
      '10.0.0.0/-1',
      '10.0.0.0/',
      '10.0.0.0/ 8',
      '10.0.0/8',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });
});

describe('normaliseCidrs and addressInCidrs', () => {
  it('canonicalises, de-duplicates and reports the invalid entries', () => {
    expect(normaliseCidrs(['10.0.0.1/8', '10.0.0.0/8', 'nope', '::1'])).toEqual({
      cidrs: ['10.0.0.0/8', '::1/128'],
      invalid: ['nope'],
    });
  });

  it('matches addresses inside the ranges only', () => {
    const cidrs = ['10.0.0.0/8', '2001:db8::/32', '192.0.2.7/32'];
    expect(addressInCidrs('10.200.3.4', cidrs)).toBe(true);
    expect(addressInCidrs('11.0.0.1', cidrs)).toBe(false);
    expect(addressInCidrs('192.0.2.7', cidrs)).toBe(true);
    expect(addressInCidrs('192.0.2.8', cidrs)).toBe(false);
    expect(addressInCidrs('2001:db8:1::9', cidrs)).toBe(true);
    expect(addressInCidrs('2001:db9::1', cidrs)).toBe(false);
    expect(addressInCidrs('unknown', cidrs)).toBe(false);
    expect(addressInCidrs('10.0.0.1', [])).toBe(false);
  });
});
