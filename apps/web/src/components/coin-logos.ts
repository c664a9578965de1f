import TokenAVAX from '@web3icons/react/icons/tokens/TokenAVAX';
import TokenBCH from '@web3icons/react/icons/tokens/TokenBCH';
import TokenBNB from '@web3icons/react/icons/tokens/TokenBNB';
import TokenBTC from '@web3icons/react/icons/tokens/TokenBTC';
import TokenCGPT from '@web3icons/react/icons/tokens/TokenCGPT';
import TokenDAI from '@web3icons/react/icons/tokens/TokenDAI';
import TokenDASH from '@web3icons/react/icons/tokens/TokenDASH';
import TokenDOGE from '@web3icons/react/icons/tokens/TokenDOGE';
import TokenETH from '@web3icons/react/icons/tokens/TokenETH';
import TokenLTC from '@web3icons/react/icons/tokens/TokenLTC';
import TokenPOL from '@web3icons/react/icons/tokens/TokenPOL';
import TokenSHIB from '@web3icons/react/icons/tokens/TokenSHIB';
import TokenSOL from '@web3icons/react/icons/tokens/TokenSOL';
import TokenTON from '@web3icons/react/icons/tokens/TokenTON';
import TokenTRX from '@web3icons/react/icons/tokens/TokenTRX';
import TokenUSDC from '@web3icons/react/icons/tokens/TokenUSDC';
import TokenUSDT from '@web3icons/react/icons/tokens/TokenUSDT';
import TokenVERSE from '@web3icons/react/icons/tokens/TokenVERSE';
import TokenXMR from '@web3icons/react/icons/tokens/TokenXMR';

type TokenIcon = typeof TokenBTC;

/**
 * One import per coin keeps the bundle to the logos the product accepts; coins missing here get letters. A chunk of
 * its own, loaded by coin-icon.tsx when a coin is first shown: the landing page's first paint does not wait for it.
 */
export const COIN_LOGOS: Record<string, TokenIcon> = {
  AVAX: TokenAVAX,
  BCH: TokenBCH,
  BNB: TokenBNB,
  BTC: TokenBTC,
  CGPT: TokenCGPT,
  DAI: TokenDAI,
  DASH: TokenDASH,
  DOGE: TokenDOGE,
  ETH: TokenETH,
  LTC: TokenLTC,
  POL: TokenPOL,
  SHIB: TokenSHIB,
  SOL: TokenSOL,
  TON: TokenTON,
  TRX: TokenTRX,
  USDC: TokenUSDC,
  USDT: TokenUSDT,
  VERSE: TokenVERSE,
  XMR: TokenXMR,
};
