import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxInvoices } from '../../db/schema/index.js';

const FINAL = ['paid', 'paid_over', 'wrong_amount', 'cancel', 'fail', 'system_fail'];

/**
 * The payer pays a sandbox invoice in full, as "Paid" on the checkout page does, but no webhook is sent: the app learns
 * of it by asking the provider, as reconciliation does after a lost webhook. The demo seed pays this way so that it can
 * credit each top-up on the day its story says, not at the moment a webhook arrives. Answers whether it was unpaid.
 */
export async function paySandboxInvoiceQuietly(db: Database, orderId: string): Promise<boolean> {
  const paid = await db
    .update(sandboxInvoices)
    .set({ status: 'paid', paymentAmountUsd: sql`${sandboxInvoices.amount}` })
    .where(and(eq(sandboxInvoices.orderId, orderId), notInArray(sandboxInvoices.status, FINAL)))
    .returning({ orderId: sandboxInvoices.orderId });
  return paid.length > 0;
}
