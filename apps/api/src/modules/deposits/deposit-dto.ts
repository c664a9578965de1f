import type { Deposit } from '@coincard/shared';
import type { deposits } from '../../db/schema/index.js';

type DepositDtoRow = Pick<
  typeof deposits.$inferSelect,
  | 'id'
  | 'providerPaymentId'
  | 'orderId'
  | 'amount'
  | 'amountPaid'
  | 'currency'
  | 'network'
  | 'status'
  | 'paymentUrl'
  | 'expiresAt'
  | 'createdAt'
  | 'updatedAt'
>;

/** A single top-up's answer; a list's items are written by PostgreSQL with the same fields (own-deposits-page.ts). */
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
