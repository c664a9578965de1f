import type { PaymentProvider } from '../../providers/payments/payment-provider.js';

const TTL_MS = 60_000;

/** Rates are cached briefly (docs/product-rules.md, Deposits): the Add Money modal asks on every coin change. */
export function createRateCache(provider: PaymentProvider, now: () => Date) {
  const cache = new Map<string, { course: number; at: number }>();
  return async (coin: string): Promise<number> => {
    const hit = cache.get(coin);
    if (hit && now().getTime() - hit.at < TTL_MS) return hit.course;
    const course = await provider.exchangeRate(coin);
    cache.set(coin, { course, at: now().getTime() });
    return course;
  };
}
