import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { uuidv7 } from '../../lib/ids.js';

/** What money in an account is. User-owned kinds can never go negative; clearing accounts mirror outside money. */
export type AccountKind =
  | 'user_balance'
  | 'card'
  | 'referral_earnings'
  | 'revenue_card_creation'
  | 'revenue_funding_fee'
  | 'revenue_monthly_fee'
  | 'clearing_payments'
  | 'clearing_issuer'
  | 'expense_referral_rewards';

const MAY_GO_NEGATIVE: ReadonlySet<AccountKind> = new Set([
  'clearing_payments',
  'clearing_issuer',
  'expense_referral_rewards',
]);

export type AccountKey = { kind: AccountKind; userId?: string | null; ref?: string };

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

export type Posting = { account: AccountKey; amount: number };

export type TransferInput = {
  /** Unique per business event; posting the same id twice moves money once. */
  id: string;
  kind: string;
  postings: Posting[];
  metadata?: Record<string, unknown>;
};

/**
 * Posts a balanced double-entry transfer inside the caller's transaction. Answers false when a transfer with this
 * id already exists (nothing moves). A posting that would take a user-owned account below zero aborts the whole
 * transfer with InsufficientBalance; the database's check constraint is the final word on that.
 */
export async function postTransfer(tx: Executor, input: TransferInput): Promise<boolean> {
  if (input.postings.length < 2) throw new Error('a transfer needs at least two postings');
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`bad posting amount ${posting.amount}`);
  }
  if (input.postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0)
    throw new Error('transfer does not balance');

  const created = await tx
    .insert(ledgerTransfers)
    .values({ id: input.id, kind: input.kind, metadata: input.metadata ?? {} })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (created.length === 0) return false;

  const withIds = await Promise.all(
    input.postings.map(async (posting) => ({ ...posting, accountId: await ensureAccount(tx, posting.account) })),
  );
  // Lock in one global order so two transfers touching the same accounts cannot deadlock.
  withIds.sort((a, b) => a.accountId.localeCompare(b.accountId));
  for (const posting of withIds) {
    const updated = await executeRows<{ balance: string }>(
      tx,
      sql`
        update ledger_accounts set balance = balance + ${posting.amount}
        where id = ${posting.accountId} and (allow_negative or balance + ${posting.amount} >= 0)
        returning balance`,
    );
    if (!updated[0]) throw new AppError('InsufficientBalance', 'There is not enough money in the account for this.');
  }
  await tx
    .insert(ledgerEntries)
    .values(withIds.map((posting) => ({ transferId: input.id, accountId: posting.accountId, amount: posting.amount })));
  return true;
}

export async function accountBalance(db: Executor, key: AccountKey): Promise<number> {
  const rows = await executeRows<{ balance: string }>(
    db,
    sql`
      select balance from ledger_accounts
      where kind = ${key.kind} and coalesce(user_id::text, '') = ${key.userId ?? ''} and ref = ${key.ref ?? ''}`,
  );
  return rows[0] ? Number(rows[0].balance) : 0;
}
