import { MONTHLY_CARD_FEE_CENTS } from '@coincard/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { type CardRow, cardMonthlyFees, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { addMonths } from '../../lib/months.js';
import { audit } from '../audit/audit.js';
import { InsufficientFunds, move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { queueIssuerFreeze } from './card-issuer-state.js';
import { cardAccount, startOperation } from './card-operations.service.js';

/** Which monthly period a due date closes: period n falls due n months after the card was created. */
function periodOf(card: CardRow): number {
  let period = 1;
  while (addMonths(card.createdAt, period) < card.nextFeeDueAt) period += 1;
  return period;
}

const feeTransferId = (cardId: string, period: number) => `card:${cardId}:monthly-fee:${period}`;

/** Tries to pay one fee from the user's balance inside the caller's transaction; false when the balance is short. */
async function payFromBalance(tx: Transaction, card: CardRow, period: number): Promise<boolean> {
  try {
    await move(tx, {
      id: feeTransferId(card.id, period),
      kind: 'card_monthly_fee',
      from: { kind: 'user_balance', userId: card.userId },
      to: platformAccount('revenue_monthly_fee', card.userId),
      amount: MONTHLY_CARD_FEE_CENTS,
      metadata: { cardId: card.id, period },
    });
    return true;
  } catch (error) {
    if (error instanceof InsufficientFunds) return false;
    throw error;
  }
}

/**
 * $1 per card (docs/money.md, Card rules) for every month after the first, once per card per month: from the balance,
 * else from the card, else the card is frozen until the fee is paid. The (card, period) primary key is what makes a
 * fee charged once, however often or on however many instances this runs.
 */
async function chargeCard(deps: Deps, cardId: string): Promise<'charged' | 'frozen' | 'skipped'> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update', { skipLocked: true });
    if (!card || !['active', 'frozen'].includes(card.status) || card.nextFeeDueAt > now) return 'skipped' as const;
    const period = periodOf(card);
    const [fee] = await tx
      .insert(cardMonthlyFees)
      .values({
        cardId: card.id,
        period,
        userId: card.userId,
        amount: MONTHLY_CARD_FEE_CENTS,
        dueAt: card.nextFeeDueAt,
        status: 'unpaid',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    await tx
      .update(cards)
      .set({ nextFeeDueAt: addMonths(card.createdAt, period + 1) })
      .where(eq(cards.id, card.id));
    if (!fee) return 'skipped' as const;
    let result: 'charged' | 'frozen' = 'charged';
    if (await payFromBalance(tx, card, period)) {
      await tx
        .update(cardMonthlyFees)
        .set({ status: 'paid', paidFrom: 'balance', paidAt: now })
        .where(and(eq(cardMonthlyFees.cardId, card.id), eq(cardMonthlyFees.period, period)));
    } else if (card.issuerCardId && (await balanceOf(tx, cardAccount(card))) >= MONTHLY_CARD_FEE_CENTS) {
      // The money is on the card at the issuer: it comes back as a movement whose destination is fee revenue.
      const op = await startOperation(tx, deps, { id: uuidv7(), card, kind: 'fee', amount: MONTHLY_CARD_FEE_CENTS });
      await tx
        .update(cardMonthlyFees)
        .set({ status: 'collecting', paidFrom: 'card', operationId: op.id })
        .where(and(eq(cardMonthlyFees.cardId, card.id), eq(cardMonthlyFees.period, period)));
    } else {
      result = 'frozen';
      if (card.status === 'active') {
        await tx
          .update(cards)
          .set({ status: 'frozen', frozenReason: 'unpaid_fee', updatedAt: now })
          .where(eq(cards.id, card.id));
        await queueIssuerFreeze(tx, deps, card.id);
      }
    }
    await audit(tx, {
      action: result === 'charged' ? 'card.monthly_fee_charged' : 'card.monthly_fee_unpaid',
      targetUserId: card.userId,
      details: { cardId: card.id, period, amount: MONTHLY_CARD_FEE_CENTS },
    });
    return result;
  });
}

/**
 * Pays a card's unpaid fees from the balance where it can; answers the cents still unpaid. Used when the user
 * unfreezes the card and by the fee job after a top-up.
 */
export async function collectUnpaidFees(deps: Deps, cardId: string): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [card] = await tx.select().from(cards).where(eq(cards.id, cardId)).for('update');
    if (!card) return 0;
    const unpaid = await tx
      .select()
      .from(cardMonthlyFees)
      .where(and(eq(cardMonthlyFees.cardId, card.id), eq(cardMonthlyFees.status, 'unpaid')));
    let owed = 0;
    for (const fee of unpaid) {
      if (await payFromBalance(tx, card, fee.period)) {
        await tx
          .update(cardMonthlyFees)
          .set({ status: 'paid', paidFrom: 'balance', paidAt: deps.now() })
          .where(and(eq(cardMonthlyFees.cardId, card.id), eq(cardMonthlyFees.period, fee.period)));
      } else {
        owed += fee.amount;
      }
    }
    return owed;
  });
}

/** The charge-monthly-fees job: every card whose fee fell due, then cards frozen only because a fee was unpaid. */
export async function chargeMonthlyFees(deps: Deps): Promise<{ charged: number; frozen: number; unfrozen: number }> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(inArray(cards.status, ['active', 'frozen']), lte(cards.nextFeeDueAt, now)))
    .orderBy(cards.nextFeeDueAt)
    .limit(200);
  let charged = 0;
  let frozen = 0;
  for (const { id } of due) {
    // A card may owe several months (the job was down): charge until it is current.
    for (let months = 0; months < 24; months += 1) {
      const outcome = await chargeCard(deps, id);
      if (outcome === 'skipped') break;
      if (outcome === 'charged') charged += 1;
      else frozen += 1;
    }
  }
  // Cards owing a fee: paid from the balance as soon as it can (a top-up), then unfrozen if the fee froze them;
  // a live card still owing is frozen until it is paid.
  let unfrozen = 0;
  const owing = await deps.db
    .select()
    .from(cards)
    .where(
      and(
        inArray(cards.status, ['active', 'frozen']),
        sql`exists (select 1 from card_monthly_fees f where f.card_id = ${cards.id} and f.status = 'unpaid')`,
      ),
    )
    .limit(200);
  for (const card of owing) {
    const stillOwed = await collectUnpaidFees(deps, card.id);
    if (stillOwed > 0 && card.status === 'active') {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(cards)
          .set({ status: 'frozen', frozenReason: 'unpaid_fee', updatedAt: deps.now() })
          .where(and(eq(cards.id, card.id), eq(cards.status, 'active')));
        await queueIssuerFreeze(tx, deps, card.id);
      });
      frozen += 1;
      continue;
    }
    if (stillOwed > 0 || card.status !== 'frozen' || card.frozenReason !== 'unpaid_fee' || !card.issuerCardId) continue;
    try {
      await deps.issuer.unfreezeCard(card.issuerCardId);
    } catch (error) {
      deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not unfreeze a card whose fee is now paid');
      continue;
    }
    const [reopened] = await deps.db
      .update(cards)
      .set({ status: 'active', frozenReason: null, updatedAt: deps.now() })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'frozen'), eq(cards.frozenReason, 'unpaid_fee')))
      .returning({ id: cards.id });
    if (reopened) unfrozen += 1;
    // Blocked by support or deleted meanwhile: the issuer must not keep it open.
    else await queueIssuerFreeze(deps.db, deps, card.id);
  }
  return { charged, frozen, unfrozen };
}
