import { BlockList, isIP } from 'node:net';

/**
 * A list of IP addresses and CIDR ranges, IPv4 and IPv6 ("10.0.0.0/8, 2001:db8::/32, 192.0.2.7"), as the settings
 * write it: trusted proxies (TRUST_PROXY) and a provider's webhook senders (PAYMENTS_WEBHOOK_ALLOWED_IPS).
 */
export type AddressList = { entries: readonly string[]; has: (address: string) => boolean };

/** The entries of a comma-separated list, or the ones that are not an address or a range. */
export function parseAddressEntries(text: string): { entries: string[]; invalid: string[] } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !validEntry(entry));
  return { entries, invalid };
}

function validEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export function createAddressList(entries: readonly string[]): AddressList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return {
    entries,
    has(address) {
      const family = isIP(address);
      // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d; BlockList matches it against IPv4 ranges.
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
