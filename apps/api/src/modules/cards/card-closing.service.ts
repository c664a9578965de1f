import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { type CardRow, cardMonthlyFees, cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { uuidv7 } from '../../lib/ids.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { reportCardDivergence } from './card-divergence.js';
import { queueIssuerFreeze } from './card-issuer-state.js';
import { cardAccount, startOperation } from './card-operations.service.js';
import { backfillSpending } from './card-reconciliation.service.js';
import { IN_TRANSIT_STATUSES } from './card-views.js';

/**
 * Terminates a card inside the caller's transaction (the card row locked): the one way a card closes, whether its
 * owner deletes it or a single-use card has made its purchase. Unpaid fees are waived with it, its balance starts
 * back to the account balance as a `close` movement, it is frozen at the issuer at once so nothing spends it
 * meanwhile, and the card-close job deletes it there once the money is back. Answers the cents on their way back.
 */
export async function terminateCard(tx: Transaction, deps: Deps, locked: CardRow, now: Date): Promise<number> {
  const balance = await balanceOf(tx, cardAccount(locked));
  await tx
    .update(cards)
    .set({ status: 'terminated', terminatedAt: now, updatedAt: now })
    .where(eq(cards.id, locked.id));
  await tx
    .update(cardMonthlyFees)
    .set({ status: 'waived' })
    .where(and(eq(cardMonthlyFees.cardId, locked.id), eq(cardMonthlyFees.status, 'unpaid')));
  if (balance > 0) await startOperation(tx, deps, { id: uuidv7(), card: locked, kind: 'close', amount: balance });
  await queueIssuerFreeze(tx, deps, locked.id);
  await deps.jobs.enqueue(tx, 'card-close', { cardId: locked.id }, { key: locked.id });
  return balance;
}

/** A close that needs a person (see below) is not looked at again by the sweep. */
const WAITS_FOR_A_PERSON = new Date('9999-01-01T00:00:00Z');

/**
 * The card-close queue's handler finishes a deletion (and cleans up a card whose creation failed after the issuer
 * made it), comparing the ledger with what the issuer holds for the card:
 * - both hold money: what the issuer holds (at most the ledger's figure) comes back as a close movement, whose
 *   settlement queues this job again; a difference goes to the review queue;
 * - both are empty: the card is deleted at the issuer;
 * - one side holds money the other does not: first the issuer's history is read for spending or refunds no webhook
 *   reported (a lost refund leaves money at the issuer); a difference that remains goes to the review queue and the
 *   card waits for a person, so the job neither spins nor deletes a card that still holds money.
 * While money is still moving on the card it waits: the movement's settlement queues this job again.
 */
export const closeDeletedCard: JobHandler<'card-close'> = async (deps, { cardId }) => {
  const [candidate] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!candidate?.issuerCardId || candidate.issuerClosedAt) return;
  if (candidate.status !== 'terminated' && candidate.status !== 'failed') return;
  const issuerCardId = candidate.issuerCardId;
  if (await hasMoneyMoving(deps.db, cardId)) return;
  const issuerHolds = await issuerBalance(deps, issuerCardId);
  if ((await balanceOf(deps.db, cardAccount(candidate))) !== issuerHolds) await backfillSpending(deps, candidate);
  const now = deps.now();
  const next = await deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
    if (!card || card.issuerClosedAt || (await hasMoneyMoving(tx, card.id))) return null;
    const ledger = await balanceOf(tx, cardAccount(card));
    const agree = ledger === issuerHolds;
    if (!agree) {
      await reportCardDivergence(tx, card, { ledgerBalance: ledger, issuerBalance: issuerHolds }, now);
    }
    const parked = !agree && (ledger === 0 || issuerHolds === 0);
    await tx
      .update(cards)
      .set({ closeAttempts: card.closeAttempts + 1, nextCloseAttemptAt: parked ? WAITS_FOR_A_PERSON : now })
      .where(eq(cards.id, card.id));
    if (parked) {
      deps.logger.error({ cardId }, 'a deleted card holds money on one side only; it waits for review');
      return null;
    }
    if (ledger > 0) {
      await startOperation(tx, deps, { id: uuidv7(), card, kind: 'close', amount: Math.min(ledger, issuerHolds) });
      return null;
    }
    return 'delete' as const;
  });
  if (next !== 'delete') return;
  try {
    await deps.issuer.deleteCard(issuerCardId);
  } catch (error) {
    if (!(error instanceof IssuerError && error.kind === 'not-found')) throw error;
  }
  await deps.db.update(cards).set({ issuerClosedAt: deps.now(), nextCloseAttemptAt: null }).where(eq(cards.id, cardId));
};

/** What the issuer holds for a card; a card the issuer no longer knows holds nothing. */
async function issuerBalance(deps: Deps, issuerCardId: string): Promise<number> {
  try {
    return (await deps.issuer.getCard(issuerCardId)).availableCents;
  } catch (error) {
    if (error instanceof IssuerError && error.kind === 'not-found') return 0;
    throw error;
  }
}

async function hasMoneyMoving(db: Executor, cardId: string): Promise<boolean> {
  const moving = await db
    .select({ id: cardOperations.id })
    .from(cardOperations)
    .where(and(eq(cardOperations.cardId, cardId), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])))
    .limit(1);
  return moving.length > 0;
}

/** Part of the card-work sweep: deleted or failed cards not yet closed at the issuer and without a job. */
export async function sweepDeletedCards(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        inArray(cards.status, ['terminated', 'failed']),
        isNull(cards.issuerClosedAt),
        isNotNull(cards.issuerCardId),
        or(isNull(cards.nextCloseAttemptAt), lte(cards.nextCloseAttemptAt, deps.now())),
      ),
    )
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'card-close',
    due.map(({ id }) => ({ key: id, data: { cardId: id } })),
  );
}
