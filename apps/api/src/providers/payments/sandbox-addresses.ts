import { randomBytes } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function pick(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** A deposit address shaped like the network's real ones (the sandbox never receives anything at it). */
export function sandboxAddress(network: string): string {
  switch (network) {
    case 'tron':
      return `T${pick(BASE58, 33)}`;
    case 'btc':
      return `bc1q${pick(BECH32, 38)}`;
    case 'ltc':
      return `ltc1q${pick(BECH32, 38)}`;
    case 'bch':
      return `bitcoincash:q${pick(BECH32, 41)}`;
    case 'doge':
      return `D${pick(BASE58, 33)}`;
    case 'dash':
      return `X${pick(BASE58, 33)}`;
    case 'xmr':
      return `4${pick(BASE58, 94)}`;
    case 'sol':
      return pick(BASE58, 44);
    case 'ton':
      return `UQ${randomBytes(34).toString('base64url')}`;
    default:
      return `0x${randomBytes(20).toString('hex')}`;
  }
}
