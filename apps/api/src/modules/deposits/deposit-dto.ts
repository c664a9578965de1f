import type { Deposit } from '@coincard/shared';
import type { DepositRow } from '../../db/schema/index.js';

export function toDepositDto(row: DepositRow, email: string): Deposit {
  return {
    _id: row.id,
    transactionId: row.providerPaymentId,
    orderId: row.orderId,
    type: 'credit',
    email,
    amount: row.amount,
    amountPaid: row.amountPaid,
    currency: row.currency,
    network: row.network,
    status: row.status,
    paymentUrl: row.paymentUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
