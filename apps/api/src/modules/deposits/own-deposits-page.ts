import type { DepositsPage, PaginationQuery } from '@coincard/shared';
import { runPrepared } from '../../db/prepared-query.js';
import type { UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { pageOffset } from '../../lib/pagination.js';
import { defineOwnRead } from '../../plugins/authenticated-read.js';

/**
 * A user's page of top-ups, answered by PostgreSQL as the finished JSON text of the answer: the dashboard polls
 * this list. Each top-up's item is stored beside its row (`list_json`, written by a trigger from the row on every
 * change), so a page is ten stored texts joined, with the owner's e-mail put first in each, instead of ten objects
 * of thirteen fields built per request, which was the larger part of the list's database time; the answer is
 * assembled as text, so nothing is parsed again on the way out (docs/decisions/039-lists-read-as-stored-json.md).
 * Each item has exactly the fields `toDepositDto` gives a single top-up (a test holds the two to the same answer).
 * The total is a count beside the page, on the same index: a window count over the page's rows had PostgreSQL fetch
 * and sort every top-up of the user (about 10% slower for 34 of them, measured with pgbench).
 */
function ownDepositsPageSql(p: { userId: string; email: string; pageSize: string; offset: string; page: string }) {
  return `select '{"transactions":[' || coalesce((
    select string_agg(e.head || substr(d.list_json, 2), ',' order by d.created_at desc, d.id desc)
    from (select list_json, created_at, id from deposits where user_id = ${p.userId}
      order by created_at desc, id desc limit ${p.pageSize} offset ${p.offset}) d), '')
  || '],"meta":{"page":' || ${p.page} || ',"pageSize":' || ${p.pageSize} || ',"total":' || c.total
  || ',"pages":' || ceil(c.total::numeric / ${p.pageSize})::int || '}}' as page
from (select count(*) as total from deposits where user_id = ${p.userId}) c,
  (select '{"email":' || to_json(${p.email})::text || ',' as head) e`;
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
