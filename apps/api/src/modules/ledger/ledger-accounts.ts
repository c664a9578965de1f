/** What the money in an account is (docs/money.md lists where each kind's money comes from and goes to). */
export type AccountKind =
  | 'user_balance'
  | 'card'
  | 'card_in_transit'
  | 'referral_held'
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

/** The same list is in the ledger_accounts_non_negative check (schema/ledger.ts): the database has the last word. */
export function mayGoNegative(kind: AccountKind): boolean {
  return MAY_GO_NEGATIVE.has(kind);
}

export type AccountKey = { kind: AccountKind; userId?: string | null; ref?: string };

export type PlatformKind = Exclude<
  AccountKind,
  'user_balance' | 'card' | 'card_in_transit' | 'referral_held' | 'referral_earnings'
>;

/** Platform accounts are spread over this many rows, so transfers of different users never wait on one row lock. */
const PLATFORM_SHARDS = 16;

function shardOf(spreadBy: string): number {
  let hash = 2166136261;
  for (let i = 0; i < spreadBy.length; i += 1) hash = Math.imul(hash ^ spreadBy.charCodeAt(i), 16777619);
  return (hash >>> 0) % PLATFORM_SHARDS;
}

/**
 * A platform account (revenue, clearing, expense) for a transfer concerning `spreadBy` (a user id). Every platform
 * account that all users share would be one hot row that every load, purchase and top-up locks; spread over shards
 * by user, the same user always lands on the same shard (so a reversal finds what it reverses) and different users
 * run side by side. A kind's total is the sum of its shards (`balanceOfKind`).
 */
export function platformAccount(kind: PlatformKind, spreadBy: string, ref = ''): AccountKey {
  return { kind, ref: `${ref}#${shardOf(spreadBy)}` };
}
