/**
 * The network a client address belongs to, as the public form's budgets count it (issue 54):
 * one IPv4 /24 or one IPv6 /64. Someone who rents addresses gets them by the block, so a
 * per-address budget multiplied by the block's 256 addresses (or 2^64) limits nothing.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, as numbers ('::' expanded, a dotted tail converted). */
function groupsOf(ip: string): number[] {
  const [head, tail = ''] = ip.includes('::') ? ip.split('::') : [ip, ''];
  const part = (s: string) =>
    s
      ? s.split(':').flatMap((g) => {
          if (!g.includes('.')) return [Number.parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const h = part(head);
  const t = part(tail);
  return [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
}

export function clientNetwork(ip: string): string {
  const mapped = ip.toLowerCase().startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip))
    return `${groupsOf(ip)
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`;
  return ip;
}
