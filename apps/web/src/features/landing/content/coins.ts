import { COINS, type Coin, findCoin, NETWORKS } from '@coincard/shared';

/** The best-known coins first; the rest follow in the order of the shared list (docs/product-rules.md, Deposits). */
const FEATURED_CODES = ['USDT', 'USDC', 'BTC', 'ETH', 'SOL', 'TON', 'TRX', 'BNB', 'LTC', 'DOGE', 'XMR', 'AVAX'];

export const SUPPORTED_COINS: readonly Coin[] = [
  ...FEATURED_CODES.map((code) => findCoin(code)).filter((coin): coin is Coin => coin !== undefined),
  ...COINS.filter((coin) => !FEATURED_CODES.includes(coin.code)),
];

/** The landing page's promise (docs/product-rules.md, Screens and navigation); the shared list holds more coins. */
export const COIN_COUNT_CLAIM = '15+';

/** Human-readable networks a coin can be sent on, e.g. USDT: Arbitrum, Avalanche, BSC, ... */
export function coinNetworkNames(code: string): string[] {
  return (findCoin(code)?.networks ?? []).map((network) => NETWORKS[network]);
}
