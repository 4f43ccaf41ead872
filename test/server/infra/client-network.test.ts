// The key every rate limit counts a client under: an IPv4 address, an IPv6 /64, an IPv4-mapped address as
// the IPv4 address it maps.
import { ipv4OfMapped, rateLimitKey } from '../../../server/infra/client-network';

describe('rateLimitKey', () => {
  it.each([
    ['203.0.113.57', '203.0.113.57'],
    ['2001:db8:1:2:a:b:c:d', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:203.0.113.57', '203.0.113.57'],
    ['::ffff:cb00:7139', '203.0.113.57'],
    ['::FFFF:203.0.113.57', '203.0.113.57'],
  ])('%s → %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the neighbouring /64 another', () => {
    const keys = new Set(Array.from({ length: 50 }, (_, i) => rateLimitKey(`2001:db8:aa:bb:${((i * 7919) % 65536).toString(16)}:${i.toString(16)}:1:${(i * 31).toString(16)}`)));
    expect([...keys]).toEqual(['2001:db8:aa:bb::/64']);
    expect(rateLimitKey('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
  });

  it('keeps what is not an address as it is, and an absent one as "unknown"', () => {
    expect(rateLimitKey(undefined)).toBe('unknown');
    expect(rateLimitKey('not-an-address')).toBe('not-an-address');
    for (const loose of ['127.1', '0x7f.0.0.1', '01.2.3.4', '::ffff:01.2.3.4', '1::2::3', '2001:db8::1/64', ' ::1']) expect(rateLimitKey(loose)).toBe(loose);
  });

  it('reads only true IPv4-mapped addresses as IPv4 (not IPv4-compatible or NAT64 forms)', () => {
    expect(ipv4OfMapped('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(ipv4OfMapped('::1.2.3.4')).toBeUndefined();
    expect(ipv4OfMapped('64:ff9b::1.2.3.4')).toBeUndefined();
    expect(ipv4OfMapped('1.2.3.4')).toBeUndefined();
  });
});
