import { describe, expect, it } from 'vitest';
import { addressKey } from './address';

describe('the address a per-address limit counts', () => {
  it('counts IPv6 by its /64, however the address is written', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(new Set(Array.from({ length: 70 }, (_, i) => addressKey(`2001:db8:aa:bb::${(i + 1).toString(16)}`))).size).toBe(1);
  });

  it('keeps IPv4 as is, mapped or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
