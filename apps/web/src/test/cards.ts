import type { Card, CardOperation, CardTransaction, CardTransactionsPage } from '@coincard/shared';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `0190f5a2-7c1e-7b3a-9a4e-${String(sequence).padStart(12, '0')}`;
};

export function makeCard(overrides: Partial<Card> = {}): Card {
  return {
    _id: nextId(),
    name: 'Everyday',
    last4Digits: '4242',
    balance: 5000,
    status: 'active',
    frozenReason: null,
    unpaidFees: 0,
    holderName: 'Alice Example',
    brand: 'Mastercard',
    currency: 'USD',
    pendingOperations: [],
    monthlyLoaded: 0,
    monthlyLimit: 500_000,
    unloadAvailableAt: null,
    nextFeeDueAt: '2026-04-01T10:00:00.000Z',
    simulatorUrl: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeOperation(overrides: Partial<CardOperation> = {}): CardOperation {
  return {
    _id: nextId(),
    kind: 'fund',
    amount: 2000,
    fee: 200,
    status: 'submitted',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCardTransaction(
  overrides: Partial<Omit<CardTransaction, 'enriched_data'>> & {
    enriched_data?: Partial<CardTransaction['enriched_data']>;
  } = {},
): CardTransaction {
  const { enriched_data: enriched, ...rest } = overrides;
  return {
    _id: nextId(),
    transaction_date: '2026-03-02T12:30:00.000Z',
    description: 'NETFLIX.COM LOS GATOS US',
    card_transaction_type: 'DEBIT',
    amount: 1299,
    currency: 'USD',
    status: 'completed',
    decline_reason: null,
    ...rest,
    enriched_data: {
      merchant_name: 'Netflix',
      merchant_logo: null,
      is_recurring: false,
      transaction_category: 'Entertainment',
      transaction_group: 'Subscriptions',
      ...enriched,
    },
  };
}

export function makeCardTransactionsPage(
  transactions: CardTransaction[],
  meta: Partial<CardTransactionsPage['meta']> = {},
): CardTransactionsPage {
  return {
    transactions,
    meta: { page: 1, pageSize: 10, total: transactions.length, pages: transactions.length > 0 ? 1 : 0, ...meta },
  };
}
