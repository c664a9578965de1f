import { describe, expect, it } from 'vitest';
import type { WebhookReport } from '../../db/schema/index.js';
import type { InvoiceState } from '../../providers/payments/payment-provider.js';
import { paymentReport, sameStatusReport, usdReceived } from './usd-received.js';

const info = (overrides: Partial<InvoiceState> = {}): InvoiceState => ({
  providerPaymentId: 'uuid-1',
  orderId: 'cc-1',
  paymentUrl: 'https://pay.test/1',
  status: 'PAID_OVER',
  providerStatus: 'paid_over',
  amountPaidCents: null,
  paymentAmount: null,
  payerCurrency: null,
  invoiceCurrency: 'USD',
  txHash: null,
  expiresAt: null,
  ...overrides,
});

const webhook = (overrides: Partial<WebhookReport> = {}): WebhookReport => ({
  providerStatus: 'paid_over',
  usdCents: 5500,
  paymentAmount: '0.00057007',
  payerCurrency: 'BTC',
  ...overrides,
});

const BTC = { coin: 'BTC', course: 96480.1 };

describe('the USD value of what arrived', () => {
  it('keeps the stablecoin rule: the info USD value, else its payment_amount as dollars, else the webhook', () => {
    const usdt = (state: Partial<InvoiceState>, report: WebhookReport | null) =>
      usdReceived(paymentReport(info({ payerCurrency: 'USDT', ...state }), report, 'USDT'), null);
    expect(usdt({ amountPaidCents: 5400, paymentAmount: '53.00' }, webhook({ usdCents: 5200 }))).toMatchObject({
      cents: 5400,
    });
    expect(usdt({ paymentAmount: '53.009' }, webhook({ usdCents: 5200 }))).toMatchObject({ cents: 5300 });
    expect(usdt({}, webhook({ usdCents: 5200 }))).toMatchObject({ cents: 5200 });
    expect(usdt({}, null)).toEqual({ unknown: 'the provider did not report the amount received', check: null });
    // payment_amount counts as dollars only on a USD invoice.
    expect(usdt({ paymentAmount: '53.00', invoiceCurrency: 'EUR' }, null)).toHaveProperty('unknown');
  });

  it("credits another coin's USD value when it agrees with the coin amount at the provider's rate", () => {
    const received = usdReceived(paymentReport(info({ paymentAmount: '0.00057006' }), webhook(), 'BTC'), BTC);
    expect(received).toMatchObject({ cents: 5500, check: { coin: 'BTC', rate: 96480.1, expectedUsdCents: 5500 } });
  });

  it('takes the payment_amount of another coin as coins, never as dollars', () => {
    const received = usdReceived(paymentReport(info({ paymentAmount: '0.00057006' }), null, 'BTC'), BTC);
    expect(received).toMatchObject({ unknown: 'the provider did not report the USD value of the BTC received' });
  });

  it('allows 2% of the value at the rate, and holds what strays further', () => {
    // 0.001 BTC at 50,000 is $50.00: 2% is 100 cents either way.
    const at = (usdCents: number) =>
      usdReceived(paymentReport(info({ paymentAmount: '0.001' }), webhook({ usdCents, paymentAmount: null }), 'BTC'), {
        coin: 'BTC',
        course: 50_000,
      });
    expect(at(5100)).toMatchObject({ cents: 5100 });
    expect(at(4900)).toMatchObject({ cents: 4900 });
    expect(at(5101)).toMatchObject({
      unknown: "the provider's USD value of $51.01 disagrees with 0.001 BTC at its own rate by more than 2%",
      check: { expectedUsdCents: 5000, toleranceCents: 100 },
    });
    expect(at(4899)).toHaveProperty('unknown');
  });

  it('allows at least a cent on tiny amounts', () => {
    // 10,000 SHIB at $0.00002214 is 22.14 cents, where 2% would be under half a cent.
    const at = (usdCents: number) =>
      usdReceived(
        paymentReport(
          info({ paymentAmount: '10000', payerCurrency: 'SHIB' }),
          webhook({ usdCents, paymentAmount: null }),
          'SHIB',
        ),
        { coin: 'SHIB', course: 0.00002214 },
      );
    expect(at(23)).toMatchObject({ cents: 23, check: { toleranceCents: 1 } });
    expect(at(24)).toHaveProperty('unknown');
  });

  it('holds when the coin amount, or a rate for that coin, is missing', () => {
    const noCoins = paymentReport(info(), webhook({ paymentAmount: null }), 'BTC');
    expect(usdReceived(noCoins, BTC)).toMatchObject({
      unknown: 'the provider did not report how much BTC was received',
    });
    const garbled = paymentReport(info({ paymentAmount: '1e-3' }), webhook(), 'BTC');
    expect(usdReceived(garbled, BTC)).toHaveProperty('unknown');
    const report = paymentReport(info({ paymentAmount: '0.00057006' }), webhook(), 'BTC');
    expect(usdReceived(report, null)).toMatchObject({ unknown: 'no BTC rate could be read from the provider' });
    expect(usdReceived(report, { coin: 'ETH', course: 3412.55 })).toHaveProperty('unknown');
  });

  it('reads a webhook only about the same status, the one arriving now first', () => {
    const state = info();
    const stored = webhook({ usdCents: 5400 });
    expect(sameStatusReport(state, webhook({ providerStatus: 'paid' }), stored)).toBe(stored);
    expect(sameStatusReport(state, webhook({ usdCents: 5600 }), stored)?.usdCents).toBe(5600);
    expect(sameStatusReport(state, null, webhook({ providerStatus: 'wrong_amount' }))).toBeNull();
  });

  it("prefers the info answer's coin and USD value over the webhook's", () => {
    const report = paymentReport(
      info({ amountPaidCents: 5450, paymentAmount: '0.00056', payerCurrency: 'btc' }),
      webhook({ payerCurrency: 'ETH' }),
      'LTC',
    );
    expect(report).toEqual({ coin: 'BTC', usdCents: 5450, paymentAmount: '0.00056' });
  });
});
