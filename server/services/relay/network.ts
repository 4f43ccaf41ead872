// The client network a scan came from, as an address prefix: what the server can honestly group phones
// by. /24 for IPv4 (one café Wi-Fi, one office), /48 for IPv6 (one site; a household gets a /48–/56 and
// a phone on mobile data a /64 of its own, so /48 keeps one site's phones together).
import net from 'node:net';
import { expandIpv6 } from '../../infra/client-network';

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
