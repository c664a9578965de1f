import { isIP } from 'node:net';

/** An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d: that is the IPv4 address. */
export function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The eight groups of an IPv6 address however it was abbreviated, lower case and without leading zeros. */
export function ipv6Groups(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An IPv4 tail (64:ff9b::192.0.2.1) stands for the last two groups.
  const last = right.length > 0 ? right : left;
  const v4 = last.at(-1);
  if (v4 && isIP(v4) === 4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}

/**
 * What the per-address limits count: an IPv4 address, or an IPv6 address's /64. One subscriber, one phone, one
 * cloud machine is handed a whole /64 (or more), so counting its addresses apart let anyone on IPv6 pass every
 * per-address limit by changing the last groups.
 */
export function limitedAddress(address: string): string {
  const ip = unmapped(address);
  return isIP(ip) === 6 ? `${ipv6Groups(ip).slice(0, 4).join(':')}::/64` : ip;
}
