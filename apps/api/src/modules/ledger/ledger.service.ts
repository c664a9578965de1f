import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { type AccountKey, accountKeyOf, type LockedAccount, lockAccounts, mayGoNegative } from './ledger-accounts.js';

export type { AccountKey, AccountKind } from './ledger-accounts.js';

export type Posting = { account: AccountKey; amount: number };

export type TransferInput = {
  /** Unique per business event; posting the same id twice moves money once. */
  id: string;
  kind: string;
  postings: Posting[];
  metadata?: Record<string, unknown>;
};

/** A transfer refused because an account that may not go negative would have. Nothing was written. */
export class InsufficientFunds extends AppError {
  constructor(readonly account: AccountKey) {
    super('InsufficientBalance', 'There is not enough money in the account for this.');
  }
}

/**
 * Posts a balanced double-entry transfer inside the caller's transaction. Answers false when a transfer with this
 * id already exists (nothing moves). The accounts are locked in one global order and every check happens before
 * the first write, so a refusal (InsufficientFunds) leaves the caller's transaction clean and usable: a caller may
 * catch it and try another source of money. The database's check constraint and
 * balance trigger stay the final word on negatives and on the cached balances.
 */
export async function postTransfer(tx: Executor, input: TransferInput): Promise<boolean> {
  if (input.postings.length < 2) throw new Error('a transfer needs at least two postings');
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`bad posting amount ${posting.amount}`);
  }
  if (input.postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0)
    throw new Error('transfer does not balance');

  const accounts = await lockAccounts(
    tx,
    input.postings.map((posting) => posting.account),
  );
  const already = await executeRows(tx, sql`select 1 from ledger_transfers where id = ${input.id}`);
  if (already.length > 0) return false;
  const deltas = new Map<string, { account: LockedAccount; delta: number }>();
  for (const posting of input.postings) {
    const account = accounts.get(accountKeyOf(posting.account));
    if (!account) throw new Error('ledger account vanished');
    const current = deltas.get(account.id) ?? { account, delta: 0 };
    deltas.set(account.id, { account, delta: current.delta + posting.amount });
  }
  for (const { account, delta } of deltas.values()) {
    if (!mayGoNegative(account.key.kind) && account.balance + delta < 0) throw new InsufficientFunds(account.key);
  }

  const created = await tx
    .insert(ledgerTransfers)
    .values({ id: input.id, kind: input.kind, metadata: input.metadata ?? {} })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (created.length === 0) return false;
  // The entries are the only write: a trigger adds them to the cached balances in the same statement, and the
  // accounts' check constraint refuses a negative where the kind forbids one (migration 0009).
  await tx.insert(ledgerEntries).values(
    input.postings.map((posting) => ({
      transferId: input.id,
      accountId: accounts.get(accountKeyOf(posting.account))?.id ?? '',
      amount: posting.amount,
    })),
  );
  return true;
}

export type MoveInput = {
  id: string;
  kind: string;
  from: AccountKey;
  to: AccountKey;
  amount: number;
  metadata?: Record<string, unknown>;
};

/** The common case: one amount from one account to another. */
export function move(tx: Executor, input: MoveInput): Promise<boolean> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error(`bad move amount ${input.amount}`);
  return postTransfer(tx, {
    id: input.id,
    kind: input.kind,
    metadata: input.metadata,
    postings: [
      { account: input.from, amount: -input.amount },
      { account: input.to, amount: input.amount },
    ],
  });
}
