/**
 * What "one client address" means for the limits per address: an IPv4 address, or an IPv6
 * address's /64 network. One IPv6 subscriber is handed a whole /64 (RFC 6177) and can change
 * address within it at will, so counting single IPv6 addresses would let one client open any number
 * of buckets. IPv4 addresses written as IPv6 (`::ffff:203.0.113.7`) count as the IPv4 address.
 */
import { isIPv6 } from 'node:net';

export function clientNetwork(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros, lower case. */
function expandIPv6(ip: string): string[] {
  const [address = ''] = ip.toLowerCase().split('%');
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups; it only matters past the /64.
  const endGroups = end.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const missing = 8 - start.length - endGroups.length;
  return [...start, ...Array<string>(Math.max(0, missing)).fill('0'), ...endGroups].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}
