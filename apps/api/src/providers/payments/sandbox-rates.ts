/**
 * The sandbox's exchange rates: USD per coin, close to real market levels in late 2026, so amounts in the
 * checkout look like what a payer would really send.
 */
export const SANDBOX_USD_RATES: Record<string, string> = {
  USDT: '1.0002',
  USDC: '0.9999',
  DAI: '1.0001',
  ETH: '3412.55',
  BTC: '96480.10',
  AVAX: '34.87',
  CGPT: '0.1184',
  BNB: '648.20',
  POL: '0.4521',
  VERSE: '0.000215',
  SHIB: '0.00002214',
  HMSTR: '0.00391',
  TRX: '0.2437',
  BCH: '452.35',
  DASH: '31.08',
  DOGE: '0.3527',
  LTC: '96.42',
  SOL: '231.64',
  TON: '5.482',
  XMR: '191.73',
};
