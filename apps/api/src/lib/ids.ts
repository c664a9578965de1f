import { randomBytes } from 'node:crypto';

let lastMs = -1;
let counter = 0;

/**
 * RFC 9562 UUID version 7: 48-bit millisecond timestamp, a 12-bit counter, then random bits; sorts by creation time.
 * Ids made in the same millisecond by this process count up from a random start (the RFC's fixed-length counter),
 * so rows written one after the other in one transaction (a purchase's alert, then the low-balance alert it caused)
 * keep their order where their timestamps tie. Other processes' ids in the same millisecond interleave at random.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  if (now === lastMs && counter < 0xfff) {
    counter += 1;
  } else {
    lastMs = now;
    // Half the range at most, so the millisecond has room for 2,048 more.
    counter = (((bytes[6] ?? 0) << 8) | (bytes[7] ?? 0)) & 0x7ff;
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
