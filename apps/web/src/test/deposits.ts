import type { Deposit, DepositsPage } from '@coincard/shared';

let sequence = 0;

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  sequence += 1;
  const id = `0190f5a2-7c1e-7b3a-9a4e-${String(sequence).padStart(12, '0')}`;
  return {
    _id: id,
    transactionId: `provider-${sequence}`,
    orderId: `cc-${id}`,
    type: 'credit',
    email: 'alice@example.com',
    amount: 5000,
    amountPaid: 0,
    currency: 'USDT',
    network: 'TRON',
    status: 'PENDING',
    paymentUrl: `http://localhost/sandbox/checkout/${id}`,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDepositsPage(transactions: Deposit[], meta: Partial<DepositsPage['meta']> = {}): DepositsPage {
  return {
    transactions,
    meta: { page: 1, pageSize: 10, total: transactions.length, pages: transactions.length > 0 ? 1 : 0, ...meta },
  };
}
