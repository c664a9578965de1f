import type { Executor } from '../../db/client.js';
import { type PreparedQuery, runPrepared } from '../../db/prepared-query.js';
import { AppError } from '../../lib/app-error.js';
import { uuidv7 } from '../../lib/ids.js';
import { type AccountKey, mayGoNegative } from './ledger-accounts.js';

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
 * id already exists (nothing moves). One call to the database's ledger_post (migration 0019): it creates missing
 * accounts, locks them in one global order, checks the id and the funds before the first write, then writes the
 * transfer and its entries. A refusal (InsufficientFunds) leaves the caller's transaction clean and usable: a caller
 * may catch it and try another source of money. The database's check constraint and triggers stay the final word
 * on negatives, on balanced transfers and on the cached balances.
 */
const LEDGER_POST: PreparedQuery = {
  name: 'ledger_post',
  text: 'select ledger_post($1, $2, $3::jsonb, $4::jsonb) as outcome',
};

export async function postTransfer(tx: Executor, input: TransferInput): Promise<boolean> {
  if (input.postings.length < 2) throw new Error('a transfer needs at least two postings');
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error(`bad posting amount ${posting.amount}`);
  }
  if (input.postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0)
    throw new Error('transfer does not balance');

  const postings = input.postings.map(({ account, amount }) => ({
    kind: account.kind,
    userId: account.userId ?? null,
    ref: account.ref ?? '',
    amount,
    newId: uuidv7(),
    floor: !mayGoNegative(account.kind),
  }));
  const [row] = await runPrepared<{ outcome: number }>(tx, LEDGER_POST, [
    input.id,
    input.kind,
    JSON.stringify(input.metadata ?? {}),
    JSON.stringify(postings),
  ]);
  const outcome = Number(row?.outcome);
  if (outcome === 0) return true;
  if (outcome === -1) return false;
  const refused = input.postings[outcome - 1];
  if (!refused) throw new Error(`ledger_post answered ${row?.outcome}`);
  throw new InsufficientFunds(refused.account);
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
