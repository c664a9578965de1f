import type { DepositStatus } from '@coincard/shared';

export type CreateInvoiceInput = {
  orderId: string;
  amountCents: number;
  /** The coin the payer sends (USDT, BTC...). The invoice itself is priced in USD. */
  coin: string;
  /** Our network code (TRON, ETH...). */
  network: string;
  callbackUrl: string;
  returnUrl: string;
  lifetimeSeconds: number;
};

/** What the provider says about one invoice, already mapped to our statuses and cents. */
export type InvoiceState = {
  providerPaymentId: string;
  orderId: string;
  paymentUrl: string;
  status: DepositStatus;
  providerStatus: string;
  /** USD cents received (rounded down), when the answer states a USD value. */
  amountPaidCents: number | null;
  /** What arrived, as the provider wrote it (a decimal string), in the payer's coin. */
  paymentAmount: string | null;
  /** The coin the payer paid with, when the answer says. */
  payerCurrency: string | null;
  /** The invoice's own currency: USD for ours. */
  invoiceCurrency: string | null;
  /** The payment's on-chain transaction hash, when the provider gives one. */
  txHash: string | null;
  expiresAt: Date | null;
};

/**
 * A verified webhook. The state is always confirmed with getInvoice; what the webhook says about the amount (its USD
 * value above all, which the info answer leaves out) is kept with the deposit and used for that same status only.
 */
export type PaymentWebhook = {
  orderId: string;
  providerStatus: string;
  status: DepositStatus;
  /** `payment_amount_usd` in cents, rounded down. */
  amountPaidCents: number | null;
  /** `payment_amount`, in the payer's coin. */
  paymentAmount: string | null;
  payerCurrency: string | null;
  eventKey: string;
};

export type PaymentProvider = {
  name: string;
  createInvoice: (input: CreateInvoiceInput) => Promise<InvoiceState>;
  getInvoice: (orderId: string) => Promise<InvoiceState>;
  /** USD per one coin. */
  exchangeRate: (coin: string) => Promise<number>;
  /** Throws AppError InvalidSignature unless the body is signed by the provider. */
  verifyWebhook: (rawBody: string) => PaymentWebhook;
};
