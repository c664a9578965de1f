import type { DepositsPage, PaginationQuery } from '@coincard/shared';
import { runPrepared } from '../../db/prepared-query.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { pageOffset } from '../../lib/pagination.js';
import { defineOwnRead } from '../../plugins/authenticated-read.js';

const isoUtc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A user's page of top-ups, answered by PostgreSQL as the finished JSON text of the answer: the dashboard polls
 * this list, and mapping a dozen columns per row into objects and serializing them again cost the server more CPU
 * than the database spent finding them (docs/decisions/030-at-the-machines-limits.md, section 3). Each item has
 * exactly the fields `toDepositDto` gives a single top-up (a test holds the two to the same answer). Timestamps are
 * written as JavaScript's toISOString writes them (UTC, milliseconds). The total is a count beside the page, on the
 * same index: a window count over the page's rows had PostgreSQL fetch and sort every top-up of the user (about 10%
 * slower for 34 of them, measured with pgbench).
 */
function ownDepositsPageSql(p: { userId: string; email: string; pageSize: string; offset: string; page: string }) {
  return `select json_build_object(
  'transactions', coalesce((select json_agg(json_build_object(
    '_id', d.id, 'transactionId', d.provider_payment_id, 'orderId', d.order_id, 'type', 'credit', 'email', ${p.email},
    'amount', d.amount, 'amountPaid', d.amount_paid, 'currency', d.currency, 'network', d.network,
    'status', d.status, 'paymentUrl', d.payment_url, 'expiresAt', ${isoUtc('d.expires_at')},
    'createdAt', ${isoUtc('d.created_at')}, 'updatedAt', ${isoUtc('d.updated_at')}
  ) order by d.created_at desc, d.id desc)
  from (select id, provider_payment_id, order_id, amount, amount_paid, currency, network, status, payment_url,
      expires_at, created_at, updated_at
    from deposits where user_id = ${p.userId} order by created_at desc, id desc limit ${p.pageSize} offset ${p.offset}) d),
    '[]'::json),
  'meta', json_build_object('page', ${p.page}, 'pageSize', ${p.pageSize}, 'total', c.total,
    'pages', ceil(c.total::numeric / ${p.pageSize})::int)
)::text as page
from (select count(*) as total from deposits where user_id = ${p.userId}) c`;
}

const PAGING = { pageSize: '$3::int', offset: '$4::int', page: '$5::int' };

/** Any user's page, by id: the admin console's view of a user. */
const USER_DEPOSITS_PAGE = {
  name: 'user_deposits_page_json',
  text: ownDepositsPageSql({ userId: '$1::uuid', email: '$2::text', ...PAGING }),
};

/** The signed-in user's own page, found with their session in one round trip (GET /api/transactions). */
export const OWN_DEPOSITS_PAGE = defineOwnRead({
  name: 'own_deposits_page_read',
  roles: ['user', 'admin'],
  text: ownDepositsPageSql({ userId: 'me.id', email: 'me.email', ...PAGING }),
});

/** The paging values of both statements above, from $3 on. */
export const ownDepositsPaging = (query: PaginationQuery) => [query.pageSize, pageOffset(query), query.page];

/** A user's page as an object (the admin console's view of them). */
export async function listUserDeposits(deps: Deps, user: UserRow, query: PaginationQuery): Promise<DepositsPage> {
  const [row] = await runPrepared<{ page: string }>(deps.db, USER_DEPOSITS_PAGE, [
    user.id,
    user.email,
    ...ownDepositsPaging(query),
  ]);
  if (!row) throw new Error('the page query answered no row');
  return JSON.parse(row.page) as DepositsPage;
}
