import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  type ActivityItem,
  type ActivityKind,
  type ActivityStatus,
  formatCents,
} from '@coincard/shared';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { authenticatedRows, defineOwnRows } from '../../plugins/authenticated-read.js';

/**
 * A user's statement, read from the ledger in one query. Every entry of the user's own accounts is a line:
 * - the available balance (`user_balance`): every entry, with the running balance after it;
 * - a card (`card`): purchases, refunds and monthly fees taken from the card (loads and unloads show from the
 *   balance's side, and the in-transit steps between are the platform's plumbing, not the user's money moving);
 * - referral rewards held and released (`referral_held`, `referral_earnings`).
 * A load's single entry (amount + fee) is shown as two lines, the load and its fee, each with its balance after.
 * Beside the ledger: declines (card_declines) and top-ups not credited (pending, expired, failed), which move no
 * money and carry no balance after.
 */

export type StatementFilter = {
  kind?: ActivityKind;
  cardId?: string;
  /** Inclusive start and exclusive end. */
  since?: Date;
  until?: Date;
  q?: string;
};

type LineRow = {
  id: string;
  created_at: string | Date;
  kind: ActivityKind;
  merchant: string | null;
  amount: string;
  balance_after: string | null;
  card_id: string | null;
  card_name: string | null;
  fee: string | null;
  status: ActivityStatus;
  reason: string | null;
  deposit_id: string | null;
  coin: string | null;
  network: string | null;
  tx_hash: string | null;
  payment_url: string | null;
  requested: string | null;
  expires_at: string | Date | null;
  total: string;
};

/**
 * One fixed text for every filter (each is a parameter, null when not asked for; they all apply to the finished
 * lines, so the plan is the same either way), sent as a named prepared statement: PostgreSQL plans this query once
 * per connection instead of on every request, which cost as much as running it, and the server builds nothing per
 * request (docs/decisions/030-at-the-machines-limits.md, section 3). It is written against `me`, the session's user,
 * and sent with the session lookup as one statement (decision 039). A null limit is no limit (the export). Card ids
 * are matched as text: a line's card comes from an account's ref or a transfer's metadata, and casting those to
 * uuid needed a pattern test on every line first, a sixth of the query's time.
 */
const OWN_STATEMENT_LINES = defineOwnRows({
  name: 'own_statement_lines',
  roles: ['user'],
  // A card filter must name one of the user's own cards, deleted ones included (their lines stay on the statement).
  check: '$4::uuid is null or exists (select 1 from cards c where c.id = $4::uuid and c.user_id = me.id)',
  text: `
    with acct as (
      select id, kind, ref from ledger_accounts
      where coalesce(user_id::text, '') = me.id::text
        and kind in ('user_balance', 'card', 'referral_held', 'referral_earnings')
    ),
    entries as (
      select e.id as entry_id, e.amount, e.created_at, t.id as transfer_id, t.kind as tkind, t.metadata,
             a.kind as akind, a.ref,
             case when a.kind = 'user_balance'
                  then sum(e.amount) over (partition by e.account_id order by e.id) end as balance_after
      from acct a
      join ledger_entries e on e.account_id = a.id
      join ledger_transfers t on t.id = e.transfer_id
    ),
    shown as (
      select * from entries
      where akind = 'user_balance'
         or (akind = 'card' and tkind in ('card_spend', 'card_refund', 'card_fee_start', 'card_fee_reverse'))
         or (akind = 'referral_held' and tkind in ('referral_reward', 'referral_reward_reversal'))
         or (akind = 'referral_earnings' and tkind = 'referral_reward_release')
    ),
    parts as (
      select s.*, p.part, op.fee as op_fee, op.amount as op_amount,
             coalesce(case when s.akind = 'card' then s.ref end, s.metadata->>'cardId') as card_text
      from shown s
      left join card_operations op
        on s.tkind in ('card_fund_start', 'card_fund_reverse') and op.id = (s.metadata->>'operationId')::uuid
      cross join lateral (values (0), (1)) as p(part)
      where p.part = 0 or (op.fee is not null and op.fee > 0)
    ),
    ledger_lines as (
      select
        p.transfer_id || ':' || p.entry_id || case when p.part = 1 then ':fee' else '' end as id,
        p.created_at,
        p.entry_id as sort_id,
        p.part,
        case
          when p.tkind = 'deposit' then 'top_up'
          when p.tkind = 'card_creation_fee' then 'card_creation_fee'
          when p.tkind = 'card_creation_refund' then 'card_creation_refund'
          when p.tkind = 'card_fund_start' then case when p.part = 1 then 'load_fee' else 'card_load' end
          when p.tkind = 'card_fund_reverse' then case when p.part = 1 then 'load_fee_returned' else 'card_load_returned' end
          when p.tkind = 'card_unload_settle' then 'card_unload'
          when p.tkind = 'card_close_settle' then 'card_closed'
          when p.tkind in ('card_monthly_fee', 'card_fee_start') then 'monthly_fee'
          when p.tkind = 'card_fee_reverse' then 'monthly_fee_returned'
          when p.tkind = 'referral_reward' and p.akind = 'user_balance' then 'referral_bonus'
          when p.tkind = 'referral_reward_reversal' and p.akind = 'user_balance' then 'referral_bonus_reversed'
          when p.tkind = 'referral_reward' then 'referral_held'
          when p.tkind = 'referral_reward_release' then 'referral_released'
          when p.tkind = 'referral_reward_reversal' then 'referral_reversed'
          when p.tkind = 'referral_withdrawal' then 'referral_withdrawal'
          when p.tkind = 'card_spend' then 'purchase'
          when p.tkind = 'card_refund' then 'refund'
          else 'other'
        end as kind,
        case
          when p.part = 1 then sign(p.amount) * p.op_fee
          when p.op_fee is not null then p.amount - sign(p.amount) * p.op_fee
          else p.amount
        end as amount,
        case
          when p.balance_after is null then null
          when p.part = 0 and p.op_fee is not null then p.balance_after - sign(p.amount) * p.op_fee
          else p.balance_after
        end as balance_after,
        p.card_text,
        case when p.part = 0 and p.tkind = 'card_fund_start' then p.op_fee end as fee,
        'completed' as status,
        null::text as reason,
        p.metadata->>'description' as merchant,
        case when p.tkind = 'deposit' then (p.metadata->>'depositId')::uuid end as deposit_id
      from parts p
    ),
    all_lines as (
      select ll.id, ll.created_at, ll.sort_id, ll.part, ll.kind, ll.amount, ll.balance_after, ll.card_text, ll.fee,
             case when d.status is not null then lower(d.status) else ll.status end as status,
             ll.reason, ll.merchant, d.id as deposit_id, d.currency as coin, d.network, d.tx_hash,
             null::text as payment_url, d.amount as requested, d.expires_at
      from ledger_lines ll
      left join deposits d on d.id = ll.deposit_id
      union all
      select d.id::text, d.created_at, 0, 0, 'top_up', d.amount, null, null, null,
             case d.status when 'PENDING' then 'pending' when 'EXPIRED' then 'expired' when 'FAILED' then 'failed'
                  else lower(d.status) end,
             null, null, d.id, d.currency, d.network, d.tx_hash,
             case when d.status = 'PENDING' then d.payment_url end, d.amount, d.expires_at
      from deposits d
      where d.user_id = me.id and d.credited_amount = 0
      union all
      select cd.id::text, cd.occurred_at, 0, 0, 'decline', 0, null, cd.card_id::text, null, 'declined',
             cd.reason, cd.merchant, null, null, null, null, null, cd.amount, null
      from card_declines cd
      where cd.user_id = me.id
    ),
    -- Only the user's own cards: a referral reward names the referred friend's card, which is not the referrer's
    -- to see (neither its id nor its label).
    l as (
      select a.*, c.id as own_card_id, c.name as card_name
      from all_lines a
      left join cards c on c.id::text = a.card_text and c.user_id = me.id
    )
    select l.id, l.created_at, l.kind, l.merchant, l.amount, l.balance_after, l.own_card_id as card_id, l.card_name, l.fee,
           l.status, l.reason, l.deposit_id, l.coin, l.network, l.tx_hash, l.payment_url, l.requested, l.expires_at,
           count(*) over () as total
    from l
    where ($3::text is null or l.kind = $3::text)
      and ($4::uuid is null or l.own_card_id = $4::uuid)
      and ($5::timestamptz is null or l.created_at >= $5::timestamptz)
      and ($6::timestamptz is null or l.created_at < $6::timestamptz)
      and ($7::text is null or l.merchant ilike $7::text or l.card_name ilike $7::text or l.coin ilike $7::text
        or l.network ilike $7::text or l.tx_hash ilike $7::text or l.reason ilike $7::text or l.kind = any($8::text[]))
    order by l.created_at desc, l.sort_id desc, l.part desc, l.id desc
    limit $9::int offset $10::int`,
});

/**
 * The lines of the signed-in user's statement, newest first, filtered, one page of them and how many there are in
 * all, read with their session in one round trip (plugins/authenticated-read.ts): 401 or 403 as any signed-in route,
 * and a card filter that names no card of theirs answers 404, as every card route does, so ids cannot be probed.
 */
export async function statementLines(
  deps: Deps,
  request: FastifyRequest,
  filter: StatementFilter,
  page: { limit: number; offset: number } | null,
): Promise<{ items: ActivityItem[]; total: number }> {
  let pattern: string | null = null;
  let kinds: string[] = [];
  if (filter.q) {
    // Searched: what the line names (merchant, card, coin, network, hash, reason) and the words of its kind.
    pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const needle = filter.q.toLowerCase();
    kinds = ACTIVITY_KINDS.filter((kind) => ACTIVITY_KIND_LABELS[kind].toLowerCase().includes(needle));
  }
  const { rows, passesCheck } = await authenticatedRows<LineRow>(deps, request, OWN_STATEMENT_LINES, [
    filter.kind ?? null,
    filter.cardId ?? null,
    filter.since?.toISOString() ?? null,
    filter.until?.toISOString() ?? null,
    pattern,
    kinds,
    page?.limit ?? null,
    page?.offset ?? 0,
  ]);
  if (!passesCheck) throw new AppError('NotFound', 'Card not found.');
  return { items: rows.map(toItem), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** The words of a line: its kind, and what it concerns. */
function describe(row: LineRow): string {
  const label = ACTIVITY_KIND_LABELS[row.kind];
  const card = row.card_name ? ` · ${row.card_name}` : '';
  switch (row.kind) {
    case 'top_up':
      return `Top-up in ${row.coin ?? 'crypto'}${row.network ? ` (${row.network})` : ''}`;
    case 'purchase':
      return `${row.merchant ?? label}${card}`;
    case 'refund':
      return `Refund from ${row.merchant ?? 'a merchant'}${card}`;
    case 'decline':
      return `Declined at ${row.merchant ?? 'a merchant'}, ${formatCents(Number(row.requested ?? 0))}${card}`;
    default:
      return `${label}${card}`;
  }
}

function toItem(row: LineRow): ActivityItem {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    kind: row.kind,
    description: describe(row),
    amount: Number(row.amount),
    balanceAfter: row.balance_after === null ? null : Number(row.balance_after),
    cardId: row.card_id,
    cardName: row.card_name,
    fee: row.fee === null ? null : Number(row.fee),
    status: row.status,
    reason: row.reason,
    topUp:
      row.deposit_id && row.kind === 'top_up'
        ? {
            depositId: row.deposit_id,
            coin: row.coin ?? '',
            network: row.network ?? '',
            txHash: row.tx_hash,
            paymentUrl: row.payment_url,
            requested: Number(row.requested ?? 0),
            expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
          }
        : null,
  };
}
