import { formatCents } from '@coincard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { executeRows, type Transaction } from '../../db/client.js';
import {
  type CardOperationKind,
  type CardOperationRow,
  cardMonthlyFees,
  cardOperations,
  cards,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { audit } from '../audit/audit.js';
import { type AccountKey, postTransfer } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';

/** The ledger accounts of one card: the money on it, and the money on its way to or from it. */
export const cardAccount = (card: { id: string; userId: string }): AccountKey => ({
  kind: 'card',
  userId: card.userId,
  ref: card.id,
});
export const inTransitAccount = (card: { id: string; userId: string }): AccountKey => ({
  kind: 'card_in_transit',
  userId: card.userId,
  ref: card.id,
});
const userBalance = (userId: string): AccountKey => ({ kind: 'user_balance', userId });

/** After an issuer accepted a movement, ask how it ended if no webhook said so within this time. */
const CONFIRMATION_GRACE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** A movement the issuer has neither confirmed nor refused for this long needs a person; it stays in transit. */
const REVIEW_AFTER_ATTEMPTS = 200;

const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** Where the money of a completed movement ends up. */
function destination(op: CardOperationRow): AccountKey {
  if (op.kind === 'fund') return cardAccount({ id: op.cardId, userId: op.userId });
  if (op.kind === 'fee') return platformAccount('revenue_monthly_fee', op.userId);
  return userBalance(op.userId);
}

/**
 * Hands a movement to the issuer. Accepted: it waits for the webhook (or the settle job asks). Busy or unreachable:
 * the money stays in transit and the settle job tries again. Refused: the issuer is asked what it knows of the
 * reference before any money goes back (confirmRefusal), since a refusal of a resend can hide a first send the
 * issuer did take.
 */
export async function submitOperation(
  deps: Deps,
  operationId: string,
  known?: { op: CardOperationRow; issuerCardId: string | null },
): Promise<CardOperationRow['status'] | null> {
  const [op] = known
    ? [known.op]
    : await deps.db.select().from(cardOperations).where(eq(cardOperations.id, operationId));
  if (op?.status !== 'pending') return op?.status ?? null;
  const issuerCardId =
    known?.issuerCardId ??
    (await deps.db.select({ id: cards.issuerCardId }).from(cards).where(eq(cards.id, op.cardId)))[0]?.id;
  if (!issuerCardId) return op.status;
  const movement = { cardId: issuerCardId, amountCents: op.amount, reference: op.id };
  const now = deps.now();
  try {
    if (op.kind === 'fund') await deps.issuer.fundCard(movement);
    else await deps.issuer.unloadCard(movement);
  } catch (error) {
    if (error instanceof IssuerError && !error.isRetryable) {
      return confirmRefusal(deps, op, issuerCardId, error.message);
    }
    const attempts = op.attempts + 1;
    const waitMs = Math.min(
      error instanceof IssuerError && error.retryAfterSeconds !== null
        ? error.retryAfterSeconds * 1000
        : backoffMs(attempts),
      MAX_BACKOFF_MS,
    );
    if (attempts >= REVIEW_AFTER_ATTEMPTS) {
      deps.logger.error(
        { operationId: op.id, attempts },
        'the issuer has not taken a card movement for long; needs review',
      );
    }
    deps.logger.warn(
      { err: error, operationId: op.id, kind: op.kind, attempts },
      'the issuer did not take a card movement; it stays in transit and is retried',
    );
    await deps.db
      .update(cardOperations)
      .set({
        attempts,
        lastError: error instanceof Error ? error.message : String(error),
        nextAttemptAt: new Date(now.getTime() + waitMs),
        updatedAt: now,
      })
      .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'pending')));
    return 'pending';
  }
  // A webhook may already have completed it (a fast issuer): only a movement still pending becomes submitted.
  const submitted = await deps.db
    .update(cardOperations)
    .set({
      status: 'submitted',
      attempts: op.attempts + 1,
      lastError: null,
      submittedAt: now,
      nextAttemptAt: new Date(now.getTime() + CONFIRMATION_GRACE_MS),
      updatedAt: now,
    })
    .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'pending')))
    .returning({ status: cardOperations.status });
  if (submitted[0]) return 'submitted';
  const [settled] = await deps.db
    .select({ status: cardOperations.status })
    .from(cardOperations)
    .where(eq(cardOperations.id, op.id));
  return settled?.status ?? null;
}

const REFUSED = 'refused: ';

/**
 * A refusal moves money back only when the issuer confirms it: it reports the movement failed, or it has no record
 * of a movement that was never sent before. A refused resend with no record is reversed only when a later status
 * check still finds none (checkWithIssuer). Anything else waits as submitted for the issuer to say how it ended.
 */
async function confirmRefusal(
  deps: Deps,
  op: CardOperationRow,
  issuerCardId: string,
  message: string,
): Promise<CardOperationRow['status'] | null> {
  const status = await deps.issuer.operationStatus(issuerCardId, op.id).catch(() => 'unavailable' as const);
  if (status === 'successful') {
    await settleOperation(deps, op.id, { outcome: 'successful' });
    return 'completed';
  }
  if (status === 'failed' || (status === 'unknown' && op.attempts === 0)) {
    await settleOperation(deps, op.id, { outcome: 'failed', reason: message });
    return 'failed';
  }
  const now = deps.now();
  await deps.db
    .update(cardOperations)
    .set({
      status: 'submitted',
      attempts: op.attempts + 1,
      lastError: `${REFUSED}${message}`,
      nextAttemptAt: new Date(now.getTime() + CONFIRMATION_GRACE_MS),
      updatedAt: now,
    })
    .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'pending')));
  return 'submitted';
}

export type SettleOutcome = { outcome: 'successful' } | { outcome: 'failed'; reason: string };
export type SettleResult = 'settled' | 'unknown' | 'already-settled' | 'contradicted';

/**
 * The one place a movement ends. Locks the operation row; only a movement still in transit moves, so however many
 * webhooks, status checks and retries arrive, in whatever order, the money moves once. Completion moves the money
 * from in transit to where it was going; failure moves it back where it came from (a load's fee included).
 */
export async function settleOperation(deps: Deps, operationId: string, result: SettleOutcome): Promise<SettleResult> {
  const [located] = await deps.db
    .select({ cardId: cardOperations.cardId })
    .from(cardOperations)
    .where(eq(cardOperations.id, operationId));
  if (!located) return 'unknown';
  let settledOp: CardOperationRow | null = null;
  const run = async (tx: Transaction): Promise<SettleResult> => {
    // One lock order everywhere money moves on a card: the card row, then the movement, then ledger accounts.
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.id, located.cardId)).for('update');
    const [op] = await tx.select().from(cardOperations).where(eq(cardOperations.id, operationId)).for('update');
    if (!op) return 'unknown';
    if (op.status === 'completed' || op.status === 'failed') {
      const agrees = (op.status === 'completed') === (result.outcome === 'successful');
      if (!agrees) {
        deps.logger.error(
          { operationId: op.id, ours: op.status, issuer: result.outcome },
          'the issuer contradicts how a card movement ended; needs review',
        );
      }
      return agrees ? 'already-settled' : 'contradicted';
    }
    settledOp = op;
    const card = { id: op.cardId, userId: op.userId };
    const now = deps.now();
    if (result.outcome === 'successful') {
      await postTransfer(tx, {
        id: `cardop:${op.id}:settle`,
        kind: `card_${op.kind}_settle`,
        metadata: { operationId: op.id, cardId: op.cardId },
        postings: [
          { account: inTransitAccount(card), amount: -op.amount },
          { account: destination(op), amount: op.amount },
        ],
      });
      if (op.kind === 'fee') {
        await tx
          .update(cardMonthlyFees)
          .set({ status: 'paid', paidAt: now })
          .where(eq(cardMonthlyFees.operationId, op.id));
      }
    } else {
      const back: AccountKey = op.kind === 'fund' ? userBalance(op.userId) : cardAccount(card);
      await postTransfer(tx, {
        id: `cardop:${op.id}:reverse`,
        kind: `card_${op.kind}_reverse`,
        metadata: { operationId: op.id, cardId: op.cardId, reason: result.reason },
        postings: [
          { account: inTransitAccount(card), amount: -op.amount },
          ...(op.fee > 0 ? [{ account: platformAccount('revenue_funding_fee', op.userId), amount: -op.fee }] : []),
          { account: back, amount: op.amount + op.fee },
        ],
      });
      if (op.kind === 'fee') await markFeeUnpaid(tx, op);
    }
    await tx
      .update(cardOperations)
      .set({
        status: result.outcome === 'successful' ? 'completed' : 'failed',
        completedAt: now,
        nextAttemptAt: null,
        lastError: result.outcome === 'failed' ? result.reason : null,
        updatedAt: now,
      })
      .where(eq(cardOperations.id, op.id));
    await audit(tx, {
      action: `card.${op.kind}_${result.outcome === 'successful' ? 'completed' : 'failed'}`,
      targetUserId: op.userId,
      details: {
        cardId: op.cardId,
        operationId: op.id,
        amount: op.amount,
        fee: op.fee,
        ...(result.outcome === 'failed' ? { reason: result.reason } : {}),
      },
    });
    return 'settled';
  };
  const outcome = await deps.db.transaction(run);
  const op = settledOp as CardOperationRow | null;
  if (outcome === 'settled' && op) await afterSettlement(deps, op, result);
  return outcome;
}

/** What follows a settlement, outside its transaction: freezing at the issuer, finishing a deletion. */
async function afterSettlement(deps: Deps, op: CardOperationRow, result: SettleOutcome) {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, op.cardId));
  if (!card) return;
  if (op.kind === 'fee' && result.outcome === 'failed' && card.issuerCardId && card.status === 'frozen') {
    await deps.issuer.freezeCard(card.issuerCardId).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, cardId: card.id },
        'issuer could not freeze a card with an unpaid fee; reconciliation retries',
      );
    });
  }
  // A completed close (or a refund that arrived after deletion and was sent back) lets the deletion finish.
  if (card.status === 'terminated' && result.outcome === 'successful') deps.jobs.request('close-deleted-cards');
}

/** A monthly fee the issuer would not let us take from the card: unpaid, and the card frozen until it is paid. */
async function markFeeUnpaid(tx: Transaction, op: CardOperationRow) {
  await tx
    .update(cardMonthlyFees)
    .set({ status: 'unpaid', operationId: null })
    .where(eq(cardMonthlyFees.operationId, op.id));
  await tx
    .update(cards)
    .set({ status: 'frozen', frozenReason: 'unpaid_fee', updatedAt: new Date() })
    .where(and(eq(cards.id, op.cardId), eq(cards.status, 'active')));
}

/**
 * The settle job: movements still pending are handed to the issuer again (same reference, so never twice);
 * movements the issuer accepted but never confirmed are asked about. Leased with FOR UPDATE SKIP LOCKED.
 */
export async function settleDueOperations(deps: Deps): Promise<{ looked: number; settled: number }> {
  const now = deps.now();
  const leased = await executeRows<{ id: string }>(
    deps.db,
    sql`
      update card_operations set next_attempt_at = ${new Date(now.getTime() + 5 * 60_000).toISOString()}
      where id in (
        select id from card_operations
        where status in ('pending', 'submitted') and next_attempt_at is not null
          and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at
        limit 25
        for update skip locked
      )
      returning id`,
  );
  let settled = 0;
  for (const { id } of leased) {
    const [op] = await deps.db.select().from(cardOperations).where(eq(cardOperations.id, id));
    if (!op) continue;
    try {
      if (op.status === 'pending') {
        await submitOperation(deps, op.id);
      } else if (await checkWithIssuer(deps, op)) {
        settled += 1;
      }
    } catch (error) {
      deps.logger.warn({ err: error, operationId: op.id }, 'a card movement could not be checked; it is retried');
    }
  }
  return { looked: leased.length, settled };
}

async function checkWithIssuer(deps: Deps, op: CardOperationRow): Promise<boolean> {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, op.cardId));
  if (!card?.issuerCardId) return false;
  const status = await deps.issuer.operationStatus(card.issuerCardId, op.id).catch((error: unknown) => {
    if (error instanceof IssuerError) return 'unavailable' as const;
    throw error;
  });
  if (status === 'successful' || status === 'failed') {
    const result: SettleOutcome =
      status === 'successful'
        ? { outcome: 'successful' }
        : { outcome: 'failed', reason: 'The card issuer declined it.' };
    return (await settleOperation(deps, op.id, result)) === 'settled';
  }
  const attempts = op.attempts + 1;
  const now = deps.now();
  if (status === 'unknown' && op.lastError?.startsWith(REFUSED)) {
    // Refused when resent, and still no record minutes later: the issuer never took it.
    return (
      (await settleOperation(deps, op.id, { outcome: 'failed', reason: op.lastError.slice(REFUSED.length) })) ===
      'settled'
    );
  }
  if (status === 'unknown') {
    // The issuer has no record of it: it never arrived, so it is sent again (same reference, so never twice).
    await deps.db
      .update(cardOperations)
      .set({ status: 'pending', attempts, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'submitted')));
    await submitOperation(deps, op.id);
    return false;
  }
  if (attempts >= REVIEW_AFTER_ATTEMPTS) {
    deps.logger.error({ operationId: op.id }, 'a card movement has been in transit too long; needs review');
  }
  await deps.db
    .update(cardOperations)
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), updatedAt: now })
    .where(and(eq(cardOperations.id, op.id), inArray(cardOperations.status, ['pending', 'submitted'])));
  return false;
}

/** Records a new movement and takes its money into transit, inside the caller's transaction. */
export async function startOperation(
  tx: Transaction,
  deps: Deps,
  input: {
    id: string;
    card: { id: string; userId: string };
    kind: CardOperationKind;
    amount: number;
    fee?: number;
    idempotencyKey?: string | null;
    requestHash?: string | null;
  },
): Promise<CardOperationRow> {
  const now = deps.now();
  const fee = input.fee ?? 0;
  const [op] = await tx
    .insert(cardOperations)
    .values({
      id: input.id,
      cardId: input.card.id,
      userId: input.card.userId,
      kind: input.kind,
      amount: input.amount,
      fee,
      idempotencyKey: input.idempotencyKey ?? null,
      requestHash: input.requestHash ?? null,
      // If this process stops before it reaches the issuer, the settle job sends it a little later.
      nextAttemptAt: new Date(now.getTime() + 30_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!op) throw new Error('card operation not recorded');
  const from: AccountKey = input.kind === 'fund' ? userBalance(input.card.userId) : cardAccount(input.card);
  await postTransfer(tx, {
    id: `cardop:${op.id}:start`,
    kind: `card_${input.kind}_start`,
    metadata: { operationId: op.id, cardId: input.card.id },
    postings: [
      { account: from, amount: -(input.amount + fee) },
      { account: inTransitAccount(input.card), amount: input.amount },
      ...(fee > 0 ? [{ account: platformAccount('revenue_funding_fee', input.card.userId), amount: fee }] : []),
    ],
  });
  return op;
}

export const describeMovement = (op: Pick<CardOperationRow, 'kind' | 'amount'>) =>
  op.kind === 'fund' ? `a ${formatCents(op.amount)} load` : `a ${formatCents(op.amount)} withdrawal`;
