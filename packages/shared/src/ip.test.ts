import { describe, expect, it } from 'vitest';
import { ipInRange, isIpOrCidr, parseIpRange, splitIpList } from './ip.ts';

describe('IP addresses and CIDR ranges', () => {
  it('accepts IPv4, IPv6 and their ranges', () => {
    for (const valid of [
      '127.0.0.1',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '::1',
      '2001:db8::/32',
      'fe80::1%eth0',
      '::ffff:192.0.2.1',
      '2001:db8:0:0:0:0:0:1/128',
    ]) {
      expect(isIpOrCidr(valid), valid).toBe(true);
    }
  });

  it('refuses malformed entries', () => {
    for (const invalid of [
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4/33',
      '::1/129',
      '1::2::3',
      'abc',
      '01.2.3.4',
      '1.2.3.4/',
      '1.2.3.4/8/9',
      '',
    ]) {
      expect(isIpOrCidr(invalid), invalid).toBe(false);
    }
  });

  it('matches addresses against ranges of the same family', () => {
    const range = parseIpRange('192.168.1.0/24')!;
    expect(ipInRange('192.168.1.77', range)).toBe(true);
    expect(ipInRange('192.168.2.1', range)).toBe(false);
    expect(ipInRange('::ffff:192.168.1.5', range)).toBe(true);
    const v6 = parseIpRange('2001:db8::/32')!;
    expect(ipInRange('2001:db8:1234::1', v6)).toBe(true);
    expect(ipInRange('2001:db9::1', v6)).toBe(false);
    expect(ipInRange('127.0.0.1', parseIpRange('127.0.0.1')!)).toBe(true);
  });

  it('splits the comma-separated form text', () => {
    expect(splitIpList(' 1.2.3.4, 10.0.0.0/8 ,,::1 ')).toEqual(['1.2.3.4', '10.0.0.0/8', '::1']);
  });
});
