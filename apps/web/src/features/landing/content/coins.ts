/** Coins a deposit can be paid in (product spec, section 3 "Supported cryptocurrencies and networks"). */
export type SupportedCoin = { symbol: string; name: string };

export const SUPPORTED_COINS: readonly SupportedCoin[] = [
  { symbol: 'USDT', name: 'Tether' },
  { symbol: 'USDC', name: 'USD Coin' },
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'SOL', name: 'Solana' },
  { symbol: 'TON', name: 'Toncoin' },
  { symbol: 'TRX', name: 'TRON' },
  { symbol: 'BNB', name: 'BNB' },
  { symbol: 'LTC', name: 'Litecoin' },
  { symbol: 'DOGE', name: 'Dogecoin' },
  { symbol: 'XMR', name: 'Monero' },
  { symbol: 'AVAX', name: 'Avalanche' },
  { symbol: 'POL', name: 'Polygon' },
  { symbol: 'DAI', name: 'Dai' },
  { symbol: 'SHIB', name: 'Shiba Inu' },
  { symbol: 'BCH', name: 'Bitcoin Cash' },
  { symbol: 'DASH', name: 'Dash' },
  { symbol: 'CGPT', name: 'ChainGPT' },
  { symbol: 'VERSE', name: 'Verse' },
  { symbol: 'HMSTR', name: 'Hamster Kombat' },
];

/** The landing page's promise (spec section 1); the list above holds more than that. */
export const COIN_COUNT_CLAIM = '15+';

export const STABLECOIN_NETWORKS = {
  USDT: ['Arbitrum', 'Avalanche', 'BSC', 'Polygon', 'Solana', 'TON', 'TRON', 'Ethereum'],
  USDC: ['Arbitrum', 'Avalanche', 'BSC', 'Polygon', 'TRON', 'Ethereum'],
} as const;
