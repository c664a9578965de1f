import type { DepositsPage, PaginationQuery } from '@coincard/shared';
import { runPrepared } from '../../db/prepared-query.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { pageOffset } from '../../lib/pagination.js';

const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A user's page of top-ups, answered by PostgreSQL as the finished JSON text of the answer: the dashboard polls
 * this list, and mapping a dozen columns per row into objects and serializing them again cost the server more CPU
 * than the database spent finding them (docs/decisions/030-at-the-machines-limits.md, section 3). Each item has
 * exactly the fields `toDepositDto` gives a single top-up (a test holds the two to the same answer). Timestamps are
 * written as JavaScript's toISOString writes them (UTC, milliseconds). The total rides along as a window count; a
 * page past the end has no row to carry it, and counts apart.
 */
const OWN_DEPOSITS_PAGE = {
  name: 'own_deposits_page_json',
  text: `with page as (
  select id, provider_payment_id, order_id, amount, amount_paid, currency, network, status, payment_url, expires_at,
    created_at, updated_at, count(*) over () as total
  from deposits where user_id = $1::uuid order by created_at desc, id desc limit $3::int offset $4::int
)
select json_build_object(
  'transactions', coalesce((select json_agg(json_build_object(
    '_id', d.id, 'transactionId', d.provider_payment_id, 'orderId', d.order_id, 'type', 'credit', 'email', $2::text,
    'amount', d.amount, 'amountPaid', d.amount_paid, 'currency', d.currency, 'network', d.network,
    'status', d.status, 'paymentUrl', d.payment_url, 'expiresAt', ${isoUtc('d.expires_at')},
    'createdAt', ${isoUtc('d.created_at')}, 'updatedAt', ${isoUtc('d.updated_at')}
  ) order by d.created_at desc, d.id desc) from page d), '[]'::json),
  'meta', json_build_object('page', $5::int, 'pageSize', $3::int, 'total', t.total,
    'pages', ceil(t.total::numeric / $3::int)::int)
)::text as page
from (select coalesce((select max(total) from page), (select count(*) from deposits where user_id = $1::uuid))
  as total) t`,
};

/** The page as the JSON text the list route sends unchanged. */
export async function ownDepositsPageJson(deps: Deps, user: UserRow, query: PaginationQuery): Promise<string> {
  const [row] = await runPrepared<{ page: string }>(deps.db, OWN_DEPOSITS_PAGE, [
    user.id,
    user.email,
    query.pageSize,
    pageOffset(query),
    query.page,
  ]);
  if (!row) throw new Error('the page query answered no row');
  return row.page;
}

/** The same page as an object, for callers that add to it or serialize it with others. */
export async function listOwnDeposits(deps: Deps, user: UserRow, query: PaginationQuery): Promise<DepositsPage> {
  return JSON.parse(await ownDepositsPageJson(deps, user, query)) as DepositsPage;
}
