import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { uuidv7 } from '../../lib/ids.js';

/** What the money in an account is (docs/money.md lists where each kind's money comes from and goes to). */
export type AccountKind =
  | 'user_balance'
  | 'card'
  | 'card_in_transit'
  | 'referral_earnings'
  | 'revenue_card_creation'
  | 'revenue_funding_fee'
  | 'revenue_monthly_fee'
  | 'clearing_payments'
  | 'clearing_issuer'
  | 'expense_referral_rewards';

/**
 * Clearing and expense accounts mirror money outside the platform, so they run below zero as users are credited;
 * every account that holds someone's money (a balance, a card, money on its way to or from a card) never can.
 */
const MAY_GO_NEGATIVE: ReadonlySet<AccountKind> = new Set([
  'clearing_payments',
  'clearing_issuer',
  'expense_referral_rewards',
]);

export type AccountKey = { kind: AccountKind; userId?: string | null; ref?: string };

export const describeAccount = (key: AccountKey) => `${key.kind}:${key.userId ?? ''}:${key.ref ?? ''}`;

/** Finds or creates the account for a key; safe when two transactions create the same account at once. */
export async function ensureAccount(db: Executor, key: AccountKey): Promise<string> {
  const userId = key.userId ?? null;
  const ref = key.ref ?? '';
  const inserted = await executeRows<{ id: string }>(
    db,
    sql`
      insert into ledger_accounts (id, kind, user_id, ref, allow_negative)
      values (${uuidv7()}, ${key.kind}, ${userId}, ${ref}, ${MAY_GO_NEGATIVE.has(key.kind)})
      on conflict (kind, coalesce(user_id::text, ''), ref) do nothing
      returning id`,
  );
  if (inserted[0]) return String(inserted[0].id);
  const found = await executeRows<{ id: string }>(
    db,
    sql`
      select id from ledger_accounts
      where kind = ${key.kind} and coalesce(user_id::text, '') = ${userId ?? ''} and ref = ${ref}`,
  );
  if (!found[0]) throw new Error(`ledger account ${key.kind} could not be created`);
  return String(found[0].id);
}
