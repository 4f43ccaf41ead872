// The client network a scan came from, as an address prefix: what the server can honestly group phones
// by. /24 for IPv4 (one café Wi-Fi, one office), /48 for IPv6 (one site; a household gets a /48–/56 and
// a phone on mobile data a /64 of its own, so /48 keeps one site's phones together).
import ipaddr from 'ipaddr.js';
import { ipv6PrefixKey, parseClientAddress } from '../../infra/client-network';

export const IPV4_PREFIX_BITS = 24;
export const IPV6_PREFIX_BITS = 48;

/** '203.0.113.57' → '203.0.113.0/24'; '2001:db8:1:2::5' → '2001:db8:1::/48'; anything else → 'unknown'. */
export function networkPrefix(address: string | undefined): string {
  const parsed = address ? parseClientAddress(address) : undefined;
  if (!parsed) return 'unknown';
  if (parsed instanceof ipaddr.IPv4) {
    const [a, b, c] = parsed.octets;
    return `${a}.${b}.${c}.0/${IPV4_PREFIX_BITS}`;
  }
  return ipv6PrefixKey(parsed, IPV6_PREFIX_BITS);
}
