import type { Deposit } from '@coincard/shared';
import { deposits } from '../../db/schema/index.js';

/**
 * The columns a top-up's answer shows: a list selects these and no more, so the rows it maps carry a dozen columns
 * instead of the table's thirty-odd (issue 20).
 */
export const depositDtoColumns = {
  id: deposits.id,
  providerPaymentId: deposits.providerPaymentId,
  orderId: deposits.orderId,
  amount: deposits.amount,
  amountPaid: deposits.amountPaid,
  currency: deposits.currency,
  network: deposits.network,
  status: deposits.status,
  paymentUrl: deposits.paymentUrl,
  expiresAt: deposits.expiresAt,
  createdAt: deposits.createdAt,
  updatedAt: deposits.updatedAt,
};

type DepositDtoRow = { [K in keyof typeof depositDtoColumns]: (typeof deposits.$inferSelect)[K] };

export function toDepositDto(row: DepositDtoRow, email: string): Deposit {
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
