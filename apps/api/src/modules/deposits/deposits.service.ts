import { DEPOSIT_LIFETIME_SECONDS, type PaginationQuery } from '@coincard/shared';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { deposits, type UserRow, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import { uuidv7 } from '../../lib/ids.js';
import { likePattern, pageMeta, pageOffset } from '../../lib/pagination.js';
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
  const requestHash = sha256(JSON.stringify([input.currency, input.network, input.amountInUsd]));
  if (idempotencyKey) {
    const [previous] = await deps.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, user.id), eq(deposits.idempotencyKey, idempotencyKey)));
    if (previous) {
      if (previous.requestHash !== requestHash) {
        throw new AppError('IdempotencyConflict', 'This Idempotency-Key was already used for a different request.');
      }
      // The first attempt answered an error; a retry with the same key answers the same error.
      if (previous.providerStatus === INVOICE_NOT_CREATED) throw invoiceFailed();
      if (previous.status === 'PENDING' && previous.paymentUrl === null) {
        throw new AppError('IdempotencyConflict', 'This top-up is still being created. Try again in a moment.', {
          retryAfterSeconds: 2,
        });
      }
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
  if (inserted.length === 0) return createDeposit(deps, user, input, idempotencyKey);

  try {
    const invoice = await deps.payments.createInvoice({
      orderId,
      amountCents: input.amountInUsd,
      coin: input.currency,
      network: input.network,
      callbackUrl: new URL('/api/webhooks/payments', deps.config.APP_URL).toString(),
      returnUrl: new URL('/dashboard', deps.config.APP_URL).toString(),
      lifetimeSeconds: DEPOSIT_LIFETIME_SECONDS,
    });
    const expiresAt = invoice.expiresAt ?? new Date(now.getTime() + DEPOSIT_LIFETIME_SECONDS * 1000);
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
      .where(eq(deposits.id, id))
      .returning();
    if (!updated) throw new Error('deposit vanished');
    return toDepositDto(updated, user.email);
  } catch (error) {
    await markInvoiceNotCreated(deps, orderId);
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, depositId: id }, 'invoice creation failed');
    throw invoiceFailed();
  }
}

export async function listOwnDeposits(deps: Deps, user: UserRow, query: PaginationQuery) {
  const where = eq(deposits.userId, user.id);
  // The total rides along as a window count: one round trip for the page the dashboard polls.
  const rows = await deps.db
    .select({ deposit: deposits, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const total =
    rows[0]?.total ??
    (query.page > 1 ? ((await deps.db.select({ n: count() }).from(deposits).where(where))[0]?.n ?? 0) : 0);
  return { transactions: rows.map((row) => toDepositDto(row.deposit, user.email)), meta: pageMeta(query, total) };
}

export async function listAllDeposits(deps: Deps, query: PaginationQuery & { search?: string | undefined }) {
  const search = query.search?.trim();
  const where = search
    ? or(
        ilike(users.email, likePattern(search)),
        sql`${deposits.id}::text = ${search.toLowerCase()}`,
        eq(deposits.providerPaymentId, search),
        eq(deposits.orderId, search),
      )
    : undefined;
  const [total] = await deps.db
    .select({ n: count() })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where);
  const rows = await deps.db
    .select({ deposit: deposits, email: users.email })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  return {
    transactions: rows.map((row) => toDepositDto(row.deposit, row.email)),
    meta: pageMeta(query, total?.n ?? 0),
  };
}

/** A top-up whose invoice never came to exist: FAILED, nothing to credit, and retries of its key say so. */
export async function markInvoiceNotCreated(deps: Deps, orderId: string): Promise<void> {
  await deps.db
    .update(deposits)
    .set({ status: 'FAILED', providerStatus: INVOICE_NOT_CREATED, nextCheckAt: null, updatedAt: deps.now() })
    .where(and(eq(deposits.orderId, orderId), eq(deposits.status, 'PENDING'), isNull(deposits.providerPaymentId)));
}
