/** The coins the product accepts and the networks each can arrive on (docs/product-rules.md, Deposits). */
export const NETWORKS = {
  ARBITRUM: 'Arbitrum',
  AVALANCHE: 'Avalanche',
  BSC: 'BSC',
  POLYGON: 'Polygon',
  SOL: 'Solana',
  TON: 'TON',
  TRON: 'TRON',
  ETH: 'Ethereum',
  BCH: 'Bitcoin Cash',
  BTC: 'Bitcoin',
  DASH: 'Dash',
  DOGE: 'Dogecoin',
  LTC: 'Litecoin',
  XMR: 'Monero',
} as const;
export type NetworkCode = keyof typeof NETWORKS;

export type Coin = { code: string; name: string; networks: readonly NetworkCode[] };

/** For coins listed without networks, the network is the coin itself (docs/product-rules.md, Deposits). */
export const COINS: readonly Coin[] = [
  { code: 'USDT', name: 'Tether', networks: ['ARBITRUM', 'AVALANCHE', 'BSC', 'POLYGON', 'SOL', 'TON', 'TRON', 'ETH'] },
  { code: 'USDC', name: 'USD Coin', networks: ['ARBITRUM', 'AVALANCHE', 'BSC', 'POLYGON', 'TRON', 'ETH'] },
  { code: 'ETH', name: 'Ethereum', networks: ['ARBITRUM', 'BSC', 'ETH'] },
  { code: 'BTC', name: 'Bitcoin', networks: ['BTC'] },
  { code: 'AVAX', name: 'Avalanche', networks: ['AVALANCHE'] },
  { code: 'CGPT', name: 'ChainGPT', networks: ['BSC'] },
  { code: 'BNB', name: 'BNB', networks: ['BSC'] },
  { code: 'DAI', name: 'Dai', networks: ['BSC', 'POLYGON', 'ETH'] },
  { code: 'POL', name: 'Polygon', networks: ['POLYGON', 'ETH'] },
  { code: 'VERSE', name: 'Verse', networks: ['ETH'] },
  { code: 'SHIB', name: 'Shiba Inu', networks: ['ETH'] },
  { code: 'HMSTR', name: 'Hamster Kombat', networks: ['TON'] },
  { code: 'TRX', name: 'TRON', networks: ['TRON'] },
  { code: 'BCH', name: 'Bitcoin Cash', networks: ['BCH'] },
  { code: 'DASH', name: 'Dash', networks: ['DASH'] },
  { code: 'DOGE', name: 'Dogecoin', networks: ['DOGE'] },
  { code: 'LTC', name: 'Litecoin', networks: ['LTC'] },
  { code: 'SOL', name: 'Solana', networks: ['SOL'] },
  { code: 'TON', name: 'Toncoin', networks: ['TON'] },
  { code: 'XMR', name: 'Monero', networks: ['XMR'] },
];

export const COIN_CODES = COINS.map((coin) => coin.code);

export function findCoin(code: string): Coin | undefined {
  return COINS.find((coin) => coin.code === code.toUpperCase());
}
