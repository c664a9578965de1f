import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { type AccountKey, describeAccount, ensureAccount } from './ledger-accounts.js';

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
 * catch it and try another source of money. The database's check constraint stays the final word on negatives.
 */
export async function postTransfer(tx: Executor, input: TransferInput): Promise<boolean> {
  if (input.postings.length < 2) throw new Error('a transfer needs at least two postings');
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`bad posting amount ${posting.amount}`);
  }
  if (input.postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0)
    throw new Error('transfer does not balance');

  const withIds: Array<Posting & { accountId: string }> = [];
  for (const posting of input.postings) {
    withIds.push({ ...posting, accountId: await ensureAccount(tx, posting.account) });
  }
  const deltas = new Map<string, { delta: number; account: AccountKey }>();
  for (const posting of withIds) {
    const current = deltas.get(posting.accountId);
    deltas.set(posting.accountId, { delta: (current?.delta ?? 0) + posting.amount, account: posting.account });
  }
  // Lock in one global order so two transfers touching the same accounts cannot deadlock.
  const ids = [...deltas.keys()].sort();
  const locked = await executeRows<{ id: string; balance: string; allow_negative: boolean }>(
    tx,
    sql`
      select id, balance, allow_negative from ledger_accounts
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by id for update`,
  );
  const already = await executeRows(tx, sql`select 1 from ledger_transfers where id = ${input.id}`);
  if (already.length > 0) return false;
  for (const row of locked) {
    const change = deltas.get(String(row.id));
    if (change && !row.allow_negative && Number(row.balance) + change.delta < 0) {
      throw new InsufficientFunds(change.account);
    }
  }

  const created = await tx
    .insert(ledgerTransfers)
    .values({ id: input.id, kind: input.kind, metadata: input.metadata ?? {} })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (created.length === 0) return false;
  for (const id of ids) {
    const change = deltas.get(id);
    if (!change || change.delta === 0) continue;
    const updated = await executeRows(
      tx,
      sql`
        update ledger_accounts set balance = balance + ${change.delta}
        where id = ${id} and (allow_negative or balance + ${change.delta} >= 0)
        returning id`,
    );
    if (!updated[0]) throw new Error(`ledger account ${describeAccount(change.account)} changed under its lock`);
  }
  await tx
    .insert(ledgerEntries)
    .values(withIds.map((posting) => ({ transferId: input.id, accountId: posting.accountId, amount: posting.amount })));
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
