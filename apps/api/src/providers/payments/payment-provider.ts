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
  /** USD cents received, when the provider reports it. */
  amountPaidCents: number | null;
  expiresAt: Date | null;
};

/**
 * A verified webhook. The state is always confirmed with getInvoice; the webhook's USD amount is used only when
 * the provider's info answer does not report one.
 */
export type PaymentWebhook = {
  orderId: string;
  providerStatus: string;
  amountPaidCents: number | null;
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
