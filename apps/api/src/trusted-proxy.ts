import { createAddressList } from './lib/address-list.js';

/**
 * Fastify's trust function for TRUST_PROXY. It is asked about the socket's peer first, then about each
 * X-Forwarded-For entry from the right; the client address is the first one it does not trust. With a hop count the
 * nearest `hops` proxies are trusted whoever they are; with a list only addresses on it are, so a request that does
 * not come through a listed proxy has its X-Forwarded-For ignored.
 */
export function trustedProxy(setting: number | readonly string[]): (address: string, hop: number) => boolean {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const proxies = createAddressList(setting);
  return (address) => proxies.has(address);
}
