// Which network addresses the web page fetcher may connect to: public unicast only. Loopback,
// private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata
// address, fe80::/10), carrier-grade NAT, multicast, unspecified, reserved and documentation ranges,
// and IPv6 forms that carry an IPv4 address inside (mapped, 6to4, Teredo, NAT64) are refused, so a
// creator's link can never reach our own network.
import ipaddr from 'ipaddr.js';

/** The address in canonical form (IPv4-mapped IPv6 as IPv4), or null if it is not an IP address. */
export function canonicalAddress(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.process(bare).toString();
}

/** True for a public unicast address; `allowed` lists exact addresses let through anyway (tests). */
export function isPublicAddress(address: string, allowed: ReadonlySet<string> = new Set()): boolean {
  const canonical = canonicalAddress(address);
  if (canonical === null) return false;
  if (allowed.has(canonical)) return true;
  return ipaddr.parse(canonical).range() === 'unicast';
}
