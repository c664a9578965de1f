import { formatCents } from '@coincard/shared';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import {
  type CardOperationKind,
  type CardOperationRow,
  type CardRow,
  cardMonthlyFees,
  cardOperations,
  cards,
} from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { backoffMs } from '../../lib/backoff.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { audit } from '../audit/audit.js';
import { type AccountKey, postTransfer } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { publishLive } from '../live/live-events.js';
import { queueIssuerFreeze } from './card-issuer-state.js';

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
/** While the issuer says a movement is still under way, the next look waits a little longer each time. */
const STILL_MOVING = { baseMs: 30_000, maxMs: 30 * 60_000 };

/** Where the money of a completed movement ends up. */
function destination(op: CardOperationRow): AccountKey {
  if (op.kind === 'fund') return cardAccount({ id: op.cardId, userId: op.userId });
  if (op.kind === 'fee') return platformAccount('revenue_monthly_fee', op.userId);
  return userBalance(op.userId);
}

/**
 * Hands a pending movement to the issuer. Accepted: it waits for the webhook, and is asked about after a grace time
 * (the card-work sweep queues that look). Unreachable or busy: the attempt is recorded and the error thrown, so the
 * engine retries the job. Refused: the issuer is asked what it knows of the reference before any money goes back
 * (confirmRefusal), since a refusal of a resend can hide a first send the issuer did take.
 */
async function submitOperation(deps: Deps, op: CardOperationRow, issuerCardId: string): Promise<void> {
  const movement = { cardId: issuerCardId, amountCents: op.amount, reference: op.id };
  const now = deps.now();
  try {
    if (op.kind === 'fund') await deps.issuer.fundCard(movement);
    else await deps.issuer.unloadCard(movement);
  } catch (error) {
    if (error instanceof IssuerError && !error.isRetryable) {
      await confirmRefusal(deps, op, issuerCardId, error.message);
      return;
    }
    await deps.db
      .update(cardOperations)
      .set({
        attempts: op.attempts + 1,
        lastError: error instanceof Error ? error.message : String(error),
        updatedAt: now,
      })
      .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'pending')));
    throw error;
  }
  // A webhook may already have completed it (a fast issuer): only a movement still pending becomes submitted.
  await deps.db
    .update(cardOperations)
    .set({
      status: 'submitted',
      attempts: op.attempts + 1,
      lastError: null,
      submittedAt: now,
      nextAttemptAt: new Date(now.getTime() + CONFIRMATION_GRACE_MS),
      updatedAt: now,
    })
    .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'pending')));
}

const REFUSED = 'refused: ';

/**
 * A refusal moves money back only when the issuer confirms it: it reports the movement failed, or it has no record
 * of a movement that was never sent before. A refused resend with no record is reversed only when a later status
 * check still finds none (checkWithIssuer). Anything else waits as submitted for the issuer to say how it ended.
 */
async function confirmRefusal(deps: Deps, op: CardOperationRow, issuerCardId: string, message: string): Promise<void> {
  const status = await deps.issuer.operationStatus(issuerCardId, op.id).catch(() => 'unavailable' as const);
  if (status === 'successful') {
    await settleOperation(deps, op, { outcome: 'successful' });
    return;
  }
  if (status === 'failed' || (status === 'unknown' && op.attempts === 0)) {
    await settleOperation(deps, op, { outcome: 'failed', reason: message });
    return;
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
}

export type SettleOutcome = { outcome: 'successful' } | { outcome: 'failed'; reason: string };
export type SettleResult = 'settled' | 'unknown' | 'already-settled' | 'contradicted';

/**
 * The one place a movement ends. Locks the operation row; only a movement still in transit moves, so however many
 * webhooks, status checks and retries arrive, in whatever order, the money moves once. Completion moves the money
 * from in transit to where it was going; failure moves it back where it came from (a load's fee included). The
 * caller has read the movement already: its card (which never changes) gives the first lock without another read.
 */
export async function settleOperation(
  deps: Deps,
  movement: { id: string; cardId: string },
  result: SettleOutcome,
): Promise<SettleResult> {
  let settledKind = null as string | null;
  const run = async (tx: Transaction): Promise<SettleResult> => {
    // One lock order everywhere money moves on a card: the card row, then the movement, then ledger accounts.
    const [locked] = await tx
      .select({ status: cards.status })
      .from(cards)
      .where(eq(cards.id, movement.cardId))
      .for('update');
    const [op] = await tx.select().from(cardOperations).where(eq(cardOperations.id, movement.id)).for('update');
    if (!op || !locked) return 'unknown';
    let cardStatus = locked.status;
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
      if (op.kind === 'fee') cardStatus = await markFeeUnpaid(tx, op, cardStatus);
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
    await queueWhatFollows(tx, deps, op, result, cardStatus);
    await publishLive(deps, tx, op.userId, { type: 'card', cardId: op.cardId });
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
    settledKind = op.kind;
    return 'settled';
  };
  const settled = await deps.db.transaction(run);
  // Counted once committed, by the one call that moved it (a repeat answers already-settled).
  if (settled === 'settled' && settledKind) {
    deps.metrics.cardOperationSettled(settledKind, result.outcome === 'successful' ? 'completed' : 'failed');
  }
  return settled;
}

/**
 * What must follow a settlement, queued in its transaction: a card frozen for an unpaid fee is frozen at the issuer
 * too, and a completed close (or a refund that arrived after deletion and was sent back) lets the deletion finish.
 */
async function queueWhatFollows(
  tx: Transaction,
  deps: Deps,
  op: CardOperationRow,
  result: SettleOutcome,
  cardStatus: CardRow['status'],
) {
  if (op.kind === 'fee' && result.outcome === 'failed' && cardStatus === 'frozen') {
    await queueIssuerFreeze(tx, deps, op.cardId);
  }
  if (cardStatus === 'terminated' && result.outcome === 'successful') {
    await deps.jobs.enqueue(tx, 'card-close', { cardId: op.cardId }, { key: op.cardId });
  }
}

/**
 * A monthly fee the issuer would not let us take from the card: unpaid, and the card frozen until it is paid.
 * Answers the card's status after it (the card row is locked by the caller).
 */
async function markFeeUnpaid(
  tx: Transaction,
  op: CardOperationRow,
  status: CardRow['status'],
): Promise<CardRow['status']> {
  await tx
    .update(cardMonthlyFees)
    .set({ status: 'unpaid', operationId: null })
    .where(eq(cardMonthlyFees.operationId, op.id));
  if (status !== 'active') return status;
  await tx
    .update(cards)
    .set({ status: 'frozen', frozenReason: 'unpaid_fee', updatedAt: new Date() })
    .where(and(eq(cards.id, op.cardId), eq(cards.status, 'active')));
  return 'frozen';
}

/**
 * The card-operation queue's handler: a pending movement is handed to the issuer; one the issuer took and has not
 * confirmed by its grace time is asked about. Both are safe to repeat (the movement's id is the issuer's reference,
 * and settlement moves money once). When the engine gives up, the movement stays in transit for a person.
 */
export const advanceOperation: JobHandler<'card-operation'> = async (deps, { operationId }, job) => {
  const [row] = await deps.db
    .select({ op: cardOperations, issuerCardId: cards.issuerCardId })
    .from(cardOperations)
    .innerJoin(cards, eq(cards.id, cardOperations.cardId))
    .where(eq(cardOperations.id, operationId));
  if (!row) return;
  const { op, issuerCardId } = row;
  try {
    if (!issuerCardId) return;
    if (op.status === 'pending') await submitOperation(deps, op, issuerCardId);
    else if (op.status === 'submitted' && !(op.nextAttemptAt && op.nextAttemptAt > deps.now())) {
      await checkWithIssuer(deps, op, issuerCardId);
    }
  } catch (error) {
    if (job.isLastAttempt) {
      deps.logger.error({ operationId }, 'the issuer has not taken or confirmed a card movement; needs review');
      await deps.db
        .update(cardOperations)
        .set({ nextAttemptAt: null, updatedAt: deps.now() })
        .where(and(eq(cardOperations.id, op.id), inArray(cardOperations.status, ['pending', 'submitted'])));
    }
    throw error;
  }
};

/** Part of the card-work sweep: movements due for a look (past their grace time) that have no job. */
export async function sweepCardOperations(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: cardOperations.id })
    .from(cardOperations)
    .where(and(inArray(cardOperations.status, ['pending', 'submitted']), lte(cardOperations.nextAttemptAt, deps.now())))
    .orderBy(cardOperations.nextAttemptAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'card-operation',
    due.map(({ id }) => ({ key: id, data: { operationId: id } })),
  );
}

async function checkWithIssuer(deps: Deps, op: CardOperationRow, issuerCardId: string): Promise<void> {
  const status = await deps.issuer.operationStatus(issuerCardId, op.id);
  if (status === 'successful' || status === 'failed') {
    const result: SettleOutcome =
      status === 'successful'
        ? { outcome: 'successful' }
        : { outcome: 'failed', reason: 'The card issuer declined it.' };
    await settleOperation(deps, op, result);
    return;
  }
  const attempts = op.attempts + 1;
  const now = deps.now();
  if (status === 'unknown' && op.lastError?.startsWith(REFUSED)) {
    // Refused when resent, and still no record minutes later: the issuer never took it.
    await settleOperation(deps, op, { outcome: 'failed', reason: op.lastError.slice(REFUSED.length) });
    return;
  }
  if (status === 'unknown') {
    // The issuer has no record of it: it never arrived, so it is sent again (same reference, so never twice).
    const [resend] = await deps.db
      .update(cardOperations)
      .set({ status: 'pending', attempts, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(cardOperations.id, op.id), eq(cardOperations.status, 'submitted')))
      .returning();
    if (resend) await submitOperation(deps, resend, issuerCardId);
    return;
  }
  await deps.db
    .update(cardOperations)
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, STILL_MOVING)), updatedAt: now })
    .where(and(eq(cardOperations.id, op.id), inArray(cardOperations.status, ['pending', 'submitted'])));
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
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!op) throw new Error('card operation not recorded');
  // The issuer is called by the job, after this transaction commits: never for money that did not leave.
  await deps.jobs.enqueue(tx, 'card-operation', { operationId: op.id }, { key: op.id });
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
