import type { DepositStatus } from '@coincard/shared';

/** The Cryptomus statuses that end a deposit, and what they end it as (docs/product-rules.md, Deposits). */
export function mapCryptomusStatus(status: string): DepositStatus {
  switch (status) {
    case 'paid':
      return 'PAID';
    case 'paid_over':
      return 'PAID_OVER';
    case 'wrong_amount':
      return 'PAID_LESS';
    case 'cancel':
      return 'EXPIRED';
    case 'fail':
    case 'system_fail':
      return 'FAILED';
    default:
      return 'PENDING';
  }
}

/** Our network codes to Cryptomus network codes. */
export const CRYPTOMUS_NETWORKS: Record<string, string> = {
  ARBITRUM: 'arbitrum',
  AVALANCHE: 'avalanche',
  BSC: 'bsc',
  POLYGON: 'polygon',
  SOL: 'sol',
  TON: 'ton',
  TRON: 'tron',
  ETH: 'eth',
  BCH: 'bch',
  BTC: 'btc',
  DASH: 'dash',
  DOGE: 'doge',
  LTC: 'ltc',
  XMR: 'xmr',
};
