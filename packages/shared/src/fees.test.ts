import { describe, expect, it } from 'vitest';
import { loadFeeCents, quoteLoad } from './fees.js';

describe('load quote', () => {
  it('adds the fee on top when it is not included', () => {
    expect(quoteLoad(2000, false)).toEqual({
      amount: 2000,
      includesFee: false,
      cardReceives: 2000,
      fee: 200,
      balancePays: 2200,
    });
    // 5% of 101 cents is 5.05: the fee rounds up to 6 cents, plus $1.
    expect(quoteLoad(101, false).fee).toBe(106);
  });

  it('takes the fee out of the total when it is included', () => {
    expect(quoteLoad(2200, true)).toMatchObject({ cardReceives: 2000, fee: 200, balancePays: 2200 });
    expect(quoteLoad(205, true)).toMatchObject({ cardReceives: 100, fee: 105, balancePays: 205 });
    expect(quoteLoad(100, true)).toMatchObject({ cardReceives: 0, fee: 100, balancePays: 100 });
  });

  it('gives the card the largest amount the total covers, for every total up to $5,100', () => {
    const wrong: number[] = [];
    for (let total = 0; total <= 510_000; total += 1) {
      const { cardReceives: x, fee, balancePays } = quoteLoad(total, true);
      const fits = x === 0 || x + loadFeeCents(x) <= total;
      const isLargest = x + 1 + loadFeeCents(x + 1) > total;
      if (balancePays !== total || x + fee !== total || !fits || !isLargest) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });
});
