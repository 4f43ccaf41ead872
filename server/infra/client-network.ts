// The key a client is counted under by every rate limit: an IPv4 address as it is, an IPv6 address by its
// /64. A home line or a phone on mobile data is given a whole /64 (RFC 6177, 3GPP), and picks addresses
// from it at will (privacy extensions), so keyed by address one IPv6 client would have 2^64 keys and
// never reach a limit. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket reports for
// an IPv4 client) is the IPv4 address it maps.
import net from 'node:net';

export const IPV6_LIMIT_PREFIX_BITS = 64;

/** '203.0.113.57' → '203.0.113.57'; '2001:db8:1:2:a:b:c:d' → '2001:db8:1:2::/64'; '::ffff:1.2.3.4' → '1.2.3.4'. */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = ipv4OfMapped(address) ?? address;
  if (net.isIPv4(plain)) return plain;
  if (net.isIPv6(plain.split('%')[0])) {
    const kept = expandIpv6(plain).slice(0, IPV6_LIMIT_PREFIX_BITS / 16).map((g) => g.replace(/^0+(?=.)/, ''));
    return `${kept.join(':')}::/${IPV6_LIMIT_PREFIX_BITS}`;
  }
  return address;
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for (either notation: ::ffff:1.2.3.4 or ::ffff:102:304). */
export function ipv4OfMapped(address: string): string | undefined {
  const bare = address.split('%')[0];
  if (!bare.includes(':') || !net.isIPv6(bare)) return undefined;
  const groups = expandIpv6(bare);
  if (groups.slice(0, 5).some((g) => g !== '0000') || groups[5] !== 'ffff') return undefined;
  const [high, low] = [parseInt(groups[6], 16), parseInt(groups[7], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Eight 4-digit hex groups (a zone id such as %eth0 is dropped). */
export function expandIpv6(address: string): string[] {
  const bare = address.split('%')[0].toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 and the like) counts as two groups.
  const expandV4 = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const [a, b, c, d] = g.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const first = expandV4(headGroups);
  const last = expandV4(tailGroups);
  const missing = tail === undefined ? 0 : 8 - first.length - last.length;
  return [...first, ...Array.from({ length: missing }, () => '0'), ...last].map((g) => g.padStart(4, '0'));
}
