// The client network a scan came from, as an address prefix: what the server can honestly group phones
// by. /24 for IPv4 (one café Wi-Fi, one office), /48 for IPv6 (one site; a household gets a /48–/56 and
// a phone on mobile data a /64 of its own, so /48 keeps one site's phones together).
import net from 'node:net';

export const IPV4_PREFIX_BITS = 24;
export const IPV6_PREFIX_BITS = 48;

/** '203.0.113.57' → '203.0.113.0/24'; '2001:db8:1:2::5' → '2001:db8:1::/48'; anything else → 'unknown'. */
export function networkPrefix(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(plain)) {
    const [a, b, c] = plain.split('.');
    return `${a}.${b}.${c}.0/${IPV4_PREFIX_BITS}`;
  }
  if (net.isIPv6(plain)) {
    const groups = expandIpv6(plain);
    const kept = groups.slice(0, IPV6_PREFIX_BITS / 16).map((g) => g.replace(/^0+(?=.)/, ''));
    return `${kept.join(':')}::/${IPV6_PREFIX_BITS}`;
  }
  return 'unknown';
}

/** Eight 4-digit hex groups (a zone id such as %eth0 is dropped). */
function expandIpv6(address: string): string[] {
  const bare = address.split('%')[0].toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms other than the mapped one) counts as two groups.
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
