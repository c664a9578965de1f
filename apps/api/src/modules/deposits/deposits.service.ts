import { DEPOSIT_LIFETIME_SECONDS, type DepositsPage, LIST_COUNT_CAP, type PaginationQuery } from '@coincard/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, executeRows } from '../../db/client.js';
import { type DepositRow, deposits, type UserRow, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { replayOf, requestFingerprint } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/ids.js';
import { likePattern, pageMeta, pageOffset } from '../../lib/pagination.js';
import { platformTotals } from '../stats/platform-counts.js';
import { toDepositDto } from './deposit-dto.js';

export type CreateDepositInput = { currency: string; network: string; amountInUsd: number };

const INVOICE_NOT_CREATED = 'invoice_not_created';
const invoiceFailed = () =>
  new AppError('ProviderError', 'The payment provider could not start this top-up. Please try again in a moment.');

const INVOICE_CREATION_GRACE_MS = 2 * 60_000;

/** Reconciliation first looks a minute after the invoice's lifetime, when the provider must have decided. */
const RECONCILE_GRACE_MS = 60_000;

export async function createDeposit(
  deps: Deps,
  user: UserRow,
  input: CreateDepositInput,
  idempotencyKey: string | undefined,
) {
  const requestHash = requestFingerprint(deps, 'top-up', [input.currency, input.network, input.amountInUsd]);
  if (idempotencyKey) {
    const [found] = await deps.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, user.id), eq(deposits.idempotencyKey, idempotencyKey)));
    const previous = replayOf(found, requestHash);
    if (previous) {
      // The first attempt answered an error; a retry with the same key answers the same error.
      if (previous.providerStatus === INVOICE_NOT_CREATED) throw invoiceFailed();
      // No link yet: the first request is still asking the provider, or its process stopped between recording the
      // top-up and recording its invoice (a crash). Asking again is safe either way: the provider keys invoices by
      // order id and answers the same one, and only a PENDING top-up takes the answer (requestInvoice).
      if (previous.status === 'PENDING' && previous.paymentUrl === null) return requestInvoice(deps, user, previous);
      return toDepositDto(previous, user.email);
    }
  }
  const id = uuidv7();
  const now = deps.now();
  const orderId = `cc-${id}`;
  const inserted = await deps.db
    .insert(deposits)
    .values({
      id,
      userId: user.id,
      orderId,
      provider: deps.payments.name,
      currency: input.currency,
      network: input.network,
      amount: input.amountInUsd,
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
      // Until the invoice is recorded, reconciliation looks soon: a crash here must not strand the deposit.
      nextCheckAt: new Date(now.getTime() + INVOICE_CREATION_GRACE_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  const [created] = inserted;
  if (!created) return createDeposit(deps, user, input, idempotencyKey);
  return requestInvoice(deps, user, created);
}

/**
 * Asks the provider for the top-up's invoice and records it. Two of these may run for one top-up (a retry while the
 * first is still waiting on the provider); both get the same invoice, and both updates are conditional on the top-up
 * still being PENDING, so one that failed and marked it FAILED is never overwritten with a link: nobody is handed a
 * payment link for a top-up that can no longer be credited.
 */
async function requestInvoice(deps: Deps, user: UserRow, deposit: DepositRow) {
  try {
    const invoice = await deps.payments.createInvoice({
      orderId: deposit.orderId,
      amountCents: deposit.amount,
      coin: deposit.currency,
      network: deposit.network,
      callbackUrl: new URL('/api/webhooks/payments', deps.config.APP_URL).toString(),
      returnUrl: new URL('/dashboard', deps.config.APP_URL).toString(),
      lifetimeSeconds: DEPOSIT_LIFETIME_SECONDS,
    });
    const expiresAt = invoice.expiresAt ?? new Date(deposit.createdAt.getTime() + DEPOSIT_LIFETIME_SECONDS * 1000);
    const [updated] = await deps.db
      .update(deposits)
      .set({
        providerPaymentId: invoice.providerPaymentId,
        paymentUrl: invoice.paymentUrl,
        providerStatus: invoice.providerStatus,
        expiresAt,
        nextCheckAt: new Date(expiresAt.getTime() + RECONCILE_GRACE_MS),
        updatedAt: deps.now(),
      })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, 'PENDING')))
      .returning();
    if (updated) return toDepositDto(updated, user.email);
  } catch (error) {
    await markInvoiceNotCreated(deps, deposit.orderId);
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, depositId: deposit.id }, 'invoice creation failed');
    throw invoiceFailed();
  }
  // It left PENDING meanwhile: another attempt found the provider failing, or the top-up was settled.
  const [now] = await deps.db.select().from(deposits).where(eq(deposits.id, deposit.id));
  if (!now || now.providerStatus === INVOICE_NOT_CREATED) throw invoiceFailed();
  return toDepositDto(now, user.email);
}

/**
 * One of the user's own top-ups, for the Add Funds modal to follow while it waits for the payment. Someone else's
 * answers 404, exactly like one that does not exist.
 */
export async function getOwnDeposit(deps: Deps, user: UserRow, depositId: string) {
  if (!z.uuid().safeParse(depositId).success) throw notFound('Top-up');
  const [row] = await deps.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, depositId), eq(deposits.userId, user.id)));
  if (!row) throw notFound('Top-up');
  return toDepositDto(row, user.email);
}

/**
 * All top-ups (admin), newest first. Without a search the page is read off the (created_at, id) index and the total
 * comes from the platform counters. A search first gathers the matching top-ups through one index each (e-mail by
 * trigram, order id, provider payment id, deposit id) and picks the page's ids from them, then reads those rows by
 * primary key; neither path scans a million rows.
 */
export async function listAllDeposits(deps: Deps, query: PaginationQuery & { search?: string | undefined }) {
  const search = query.search?.trim();
  if (search) return searchDeposits(deps, query, search);
  // The page's ids come off the index alone; only those rows are then read and joined to their users.
  const page = await deps.db
    .select({ id: deposits.id })
    .from(deposits)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  return {
    transactions: await depositsByIds(
      deps,
      page.map((row) => row.id),
    ),
    meta: pageMeta(query, (await platformTotals(deps.db)).deposits),
  };
}

async function depositsByIds(deps: Deps, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ deposit: deposits, email: users.email })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(inArray(deposits.id, ids))
    .orderBy(desc(deposits.createdAt), desc(deposits.id));
  return rows.map((row) => toDepositDto(row.deposit, row.email));
}

/** Counting a search stops here, as the audit log's does: no one pages through more than a thousand pages of it. */
export const SEARCH_COUNT_CAP = LIST_COUNT_CAP;

/**
 * A search matches a top-up by its user's e-mail (substring, any case), its order id, its provider payment id, or its
 * id. The capped count comes first, from the matching users' top-ups through (user_id, created_at) and the three
 * identifiers through their own indexes; the users are read as they come (the trigram index for terms of 3 characters
 * or more, a sequential read for shorter ones, which no trigram can serve) and the count stops at the cap.
 * - Under the cap the total is exact and the matches are few: they are gathered, sorted and the page picked from them.
 * - At the cap the term is common (`scale`, `a`, `@example.com`): walking the (created_at, id) index newest first and
 *   looking each top-up's user up by primary key until the page is full costs about depth / density rows, gathering
 *   every match about density × all top-ups. The density is estimated from a sample of about 2,000 users (row by row:
 *   a block sample misses a term's neighbours, who sit together) and the cheaper way taken; both answer the same
 *   rows in the same order.
 */
async function searchDeposits(deps: Deps, query: PaginationQuery, search: string): Promise<DepositsPage> {
  const pattern = likePattern(search);
  const id = z.uuid().safeParse(search).success ? search.toLowerCase() : null;
  const byIdentifier = sql`(d.order_id = ${search} or d.provider_payment_id = ${search}${
    id ? sql` or d.id = ${id}::uuid` : sql``
  })`;
  const { total, ids } = await deps.db.transaction(async (db) => {
    // The planner cannot estimate an e-mail match through a subquery and costs these reads as if they ran through
    // every row; at such a cost PostgreSQL compiles them with JIT, which alone took over 100 ms. They read little.
    // Each is planned for its own term (trigram or sequential read, see above), never from a plan kept for another
    // (db/named-statements.ts keeps the ORM's statements per connection): a kept plan was 1.7 to 5 times slower.
    await db.execute(
      sql`select set_config('jit', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    // |by e-mail ∪ by identifier| = |by e-mail| + |by identifier, not by e-mail|; the second is a handful at most.
    const [counted] = await executeRows<{ n: string }>(
      db,
      sql`select least(
            (select count(*) from (
              select 1 from (select id from users where email ilike ${pattern}) u
                -- offset 0 keeps the lateral a per-user probe of (user_id, created_at) that stops with the limit.
                cross join lateral (select 1 from deposits d where d.user_id = u.id offset 0) x
              limit ${SEARCH_COUNT_CAP}) by_email)
            + (select count(*) from deposits d where ${byIdentifier}
                and not exists (select 1 from users u where u.id = d.user_id and u.email ilike ${pattern})),
            ${SEARCH_COUNT_CAP}) as n`,
    );
    const total = Number(counted?.n ?? 0);
    // Past the last page of an exact count there is nothing to read; past a capped count there may still be rows.
    if (total === 0 || (total < SEARCH_COUNT_CAP && pageOffset(query) >= total)) {
      return { total, ids: [] };
    }

    const walk = total >= SEARCH_COUNT_CAP && (await walkIsCheaper(db, query, pattern));
    if (walk) {
      // The planner cannot estimate how many top-ups match through the user subquery (it guesses a handful), so to
      // find a page of them it would read the whole table and sort it: 4 s for a million top-ups once each row also
      // carried its list item (decision 039), against 7 ms for the walk. The choice is made above, from a sample;
      // the planner is held to it for this last statement of the transaction.
      await db.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    }
    const page = !walk
      ? await executeRows<{ id: string }>(
          db,
          sql`select id from (
                  select id, created_at from deposits
                    where user_id in (select id from users where email ilike ${pattern})
                  union select id, created_at from deposits d where ${byIdentifier}
                ) m
                order by created_at desc, id desc
                limit ${query.pageSize} offset ${pageOffset(query)}`,
        )
      : await executeRows<{ id: string }>(
          db,
          sql`select d.id from deposits d
                where (select u.email from users u where u.id = d.user_id) ilike ${pattern} or ${byIdentifier}
                order by d.created_at desc, d.id desc
                limit ${query.pageSize} offset ${pageOffset(query)}`,
        );
    return { total, ids: page.map((row) => String(row.id)) };
  });
  return { transactions: await depositsByIds(deps, ids), meta: pageMeta(query, total) };
}

const DENSITY_SAMPLE_USERS = 2_000;

/** Whether walking the index for this page reads fewer rows than gathering every match (see searchDeposits). */
async function walkIsCheaper(db: Executor, query: PaginationQuery, pattern: string): Promise<boolean> {
  const totals = await platformTotals(db);
  const percent = Math.min(100, (DENSITY_SAMPLE_USERS * 100) / Math.max(1, totals.users + totals.admins));
  const [sample] = await executeRows<{ matched: string; seen: string }>(
    db,
    sql`select count(*) filter (where email ilike ${pattern}) as matched, count(*) as seen
        from users tablesample bernoulli (${percent}::real) repeatable (0)`,
  );
  const density = Number(sample?.matched ?? 0) / Math.max(1, Number(sample?.seen ?? 0));
  const depth = pageOffset(query) + query.pageSize;
  return density > 0 && depth / density <= density * totals.deposits;
}

/** A top-up whose invoice never came to exist: FAILED, nothing to credit, and retries of its key say so. */
export async function markInvoiceNotCreated(deps: Deps, orderId: string): Promise<void> {
  await deps.db
    .update(deposits)
    .set({ status: 'FAILED', providerStatus: INVOICE_NOT_CREATED, nextCheckAt: null, updatedAt: deps.now() })
    .where(and(eq(deposits.orderId, orderId), eq(deposits.status, 'PENDING'), isNull(deposits.providerPaymentId)));
}
