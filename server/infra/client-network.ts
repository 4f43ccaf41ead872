// The key a client is counted under by every rate limit: an IPv4 address as it is, an IPv6 address by its
// /64. A home line or a phone on mobile data is given a whole /64 (RFC 6177, 3GPP), and picks addresses
// from it at will (privacy extensions), so keyed by address one IPv6 client would have 2^64 keys and
// never reach a limit. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket reports for
// an IPv4 client) is the IPv4 address it maps. The addresses are read by ipaddr.js (what Express's
// proxy-addr reads them with); Node's own checks decide what is an address at all, being stricter (ipaddr.js
// also takes '127.1', '0x7f.0.0.1' and '::ffff:01.2.3.4').
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export const IPV6_LIMIT_PREFIX_BITS = 64;

/** '::a.b.c.d' (after Node's check, nothing else starts with '::' followed by digits and a dot). */
const IPV4_COMPATIBLE = /^::[\d.]+(%|$)/;

/** An IPv6 address as ipaddr.js reads it (a zone id such as %eth0 is kept apart, in `zoneId`), or undefined. */
function parseIpv6(address: string): ipaddr.IPv6 | undefined {
  if (!net.isIPv6(address)) return undefined;
  // ipaddr.js reads '::a.b.c.d' (the deprecated IPv4-compatible form, RFC 4291 2.5.5.1) as IPv4-mapped;
  // written '0::a.b.c.d', the same address, it reads it as it is.
  return ipaddr.IPv6.parse(IPV4_COMPATIBLE.test(address) ? `0${address}` : address);
}

/**
 * A client's address as ipaddr.js reads it, an IPv4-mapped IPv6 address as the IPv4 address it maps;
 * undefined for what is no address.
 */
export function parseClientAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (net.isIPv4(address)) return ipaddr.IPv4.parse(address);
  const ipv6 = parseIpv6(address);
  if (!ipv6) return undefined;
  return ipv6.isIPv4MappedAddress() ? ipv6.toIPv4Address() : ipv6;
}

/**
 * The first `bits` (a multiple of 16) of an IPv6 address, written as the keys have always been: each group
 * in hex without leading zeros, none left out ('2001:db8:0:0::/64'), so keys stored before stay the same.
 */
export function ipv6PrefixKey(address: ipaddr.IPv6, bits: number): string {
  return `${address.parts
    .slice(0, bits / 16)
    .map((part) => part.toString(16))
    .join(':')}::/${bits}`;
}

/** '203.0.113.57' → '203.0.113.57'; '2001:db8:1:2:a:b:c:d' → '2001:db8:1:2::/64'; '::ffff:1.2.3.4' → '1.2.3.4'. */
export function rateLimitKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const parsed = parseClientAddress(address);
  if (!parsed) return address;
  return parsed instanceof ipaddr.IPv4 ? parsed.toString() : ipv6PrefixKey(parsed, IPV6_LIMIT_PREFIX_BITS);
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for (either notation: ::ffff:1.2.3.4 or ::ffff:102:304). */
export function ipv4OfMapped(address: string): string | undefined {
  const ipv6 = parseIpv6(address);
  return ipv6?.isIPv4MappedAddress() ? ipv6.toIPv4Address().toString() : undefined;
}
