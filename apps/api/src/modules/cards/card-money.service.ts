import {
  CARD_MIN_LOAD_CENTS,
  CARD_MIN_REMAINING_CENTS,
  type CardMoneyResponse,
  formatCents,
  type LoadQuoteResponse,
  MONTHLY_CARD_LIMIT_CENTS,
  quoteLoad,
  UNLOAD_COOLDOWN_MS,
} from '@coincard/shared';
import { and, eq } from 'drizzle-orm';
import { type CardOperationRow, type CardRow, cardOperations, cards, type UserRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { replayOf, requestFingerprint } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/ids.js';
import { audit } from '../audit/audit.js';
import { InsufficientFunds } from '../ledger/ledger.service.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { assertActive, findOwnCard, lockOwnCardForMoney } from './card-access.js';
import { cardAccount, startOperation } from './card-operations.service.js';
import { describeCard, lastUnloadAt, loadedThisMonth, loadFacts, toOperationDto } from './card-views.js';
import { assertLoadAllowedWithoutStepUp, loadsLockOf, loadsWindowStart } from './load-step-up.js';

type LoadInput = { amount: number; includesFee: boolean };

/** Why a load quote would not go through, in words for the user; null when it would. */
function loadProblem(quote: ReturnType<typeof quoteLoad>, balance: number, monthlyRemaining: number): string | null {
  if (quote.cardReceives < CARD_MIN_LOAD_CENTS) {
    return quote.includesFee
      ? `With the fee included, ${formatCents(quote.amount)} puts less than ${formatCents(CARD_MIN_LOAD_CENTS)} on the card. Enter at least ${formatCents(quoteLoad(CARD_MIN_LOAD_CENTS, false).balancePays)}.`
      : `The smallest load is ${formatCents(CARD_MIN_LOAD_CENTS)}.`;
  }
  if (quote.cardReceives > monthlyRemaining) {
    return monthlyRemaining > 0
      ? `This card can take ${formatCents(monthlyRemaining)} more this month (the limit is ${formatCents(MONTHLY_CARD_LIMIT_CENTS)} a month).`
      : `This card has reached its ${formatCents(MONTHLY_CARD_LIMIT_CENTS)} monthly load limit.`;
  }
  if (quote.balancePays > balance) {
    return `This load takes ${formatCents(quote.balancePays)} from your balance, which holds ${formatCents(balance)}.`;
  }
  return null;
}

/** The quote the Load Money form shows before the user confirms: the same numbers the load will use. */
export async function quoteCardLoad(
  deps: Deps,
  user: UserRow,
  cardId: string,
  input: LoadInput,
): Promise<LoadQuoteResponse> {
  const card = await findOwnCard(deps.db, user.id, cardId);
  const quote = quoteLoad(input.amount, input.includesFee);
  const monthlyRemaining = Math.max(
    0,
    MONTHLY_CARD_LIMIT_CENTS - (await loadedThisMonth(deps.db, card.id, deps.now())),
  );
  const balance = await balanceOf(deps.db, { kind: 'user_balance', userId: user.id });
  const notActive = card.status === 'active' ? null : 'Only an active card can be loaded.';
  const reason = notActive ?? loadProblem(quote, balance, monthlyRemaining);
  return { ...quote, monthlyRemaining, canLoad: reason === null, reason };
}

/**
 * A repeated Idempotency-Key answers the first request's result; the same key with another body is a conflict.
 * The request hash is keyed with the server secret, like every other value derived from user input we keep.
 */
async function previousOperation(
  deps: Deps,
  userId: string,
  key: string | undefined,
  requestHash: string,
): Promise<CardOperationRow | null> {
  if (!key) return null;
  const [previous] = await deps.db
    .select()
    .from(cardOperations)
    .where(and(eq(cardOperations.userId, userId), eq(cardOperations.idempotencyKey, key)));
  return replayOf(previous, requestHash);
}

type Started = { op: CardOperationRow; card: CardRow };

/** Two requests with one Idempotency-Key at the same moment: the unique index lets one in, the other answers its result. */
async function sameKeyAtOnce(
  deps: Deps,
  userId: string,
  key: string | undefined,
  requestHash: string,
  run: () => Promise<Started>,
): Promise<Started> {
  try {
    return await run();
  } catch (error) {
    if (!key || !isUniqueViolation(error, 'card_operations_idempotency_unique')) throw error;
    const previous = await previousOperation(deps, userId, key, requestHash);
    const [card] = previous ? await deps.db.select().from(cards).where(eq(cards.id, previous.cardId)) : [];
    if (!previous || !card) throw error;
    return { op: previous, card };
  }
}

async function answer(deps: Deps, op: CardOperationRow, message: string, card?: CardRow): Promise<CardMoneyResponse> {
  const [row] = card ? [card] : await deps.db.select().from(cards).where(eq(cards.id, op.cardId));
  if (!row) throw new Error('card vanished');
  return { message, card: await describeCard(deps, row), operation: toOperationDto(op) };
}

const loadMessage = (op: CardOperationRow) =>
  `Loading ${formatCents(op.amount)} onto your card (fee ${formatCents(op.fee)}). It shows on the card in a moment.`;
const unloadMessage = (op: CardOperationRow) =>
  `Unloading ${formatCents(op.amount)} from your card. It returns to your balance in a moment.`;

/**
 * Loads cost fee(x) = ceil(5%) + $1, need an active card, and stay under $5,000 a month (docs/money.md, Card rules).
 */
export async function loadCard(
  deps: Deps,
  user: UserRow,
  cardId: string,
  input: LoadInput,
  idempotencyKey: string | undefined,
  /** The session asking (a request); absent for the app's own loads (the demo seed), which no cookie can reach. */
  asking?: { sessionId: string },
): Promise<CardMoneyResponse> {
  const requestHash = requestFingerprint(deps, 'load', [cardId, input.amount, input.includesFee]);
  const previous = await previousOperation(deps, user.id, idempotencyKey, requestHash);
  if (previous) return answer(deps, previous, loadMessage(previous));
  const quote = quoteLoad(input.amount, input.includesFee);
  const started = await sameKeyAtOnce(deps, user.id, idempotencyKey, requestHash, () =>
    deps.db.transaction(async (tx) => {
      // The per-user lock with the card's, so the facts below (a later statement) see every load committed before
      // it was granted.
      const card = await lockOwnCardForMoney(tx, user.id, cardId, asking ? loadsLockOf(user.id) : undefined);
      assertActive(card, 'load');
      const now = deps.now();
      const facts = await loadFacts(tx, card, now, loadsWindowStart(now));
      const monthlyRemaining = MONTHLY_CARD_LIMIT_CENTS - facts.monthlyLoaded;
      const balance = facts.balance;
      const problem = loadProblem(quote, balance, monthlyRemaining);
      if (problem) {
        const code =
          quote.cardReceives > monthlyRemaining && quote.cardReceives >= CARD_MIN_LOAD_CENTS
            ? 'MonthlyLimitExceeded'
            : quote.balancePays > balance && quote.cardReceives >= CARD_MIN_LOAD_CENTS
              ? 'InsufficientBalance'
              : 'ValidationError';
        throw new AppError(code, problem, code === 'ValidationError' ? { fields: { amount: problem } } : {});
      }
      if (asking) {
        await assertLoadAllowedWithoutStepUp(tx, deps, asking.sessionId, facts.loadedSince, quote.cardReceives);
      }
      try {
        const started = await startOperation(tx, deps, {
          id: uuidv7(),
          card,
          kind: 'fund',
          amount: quote.cardReceives,
          fee: quote.fee,
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
        });
        await audit(tx, {
          action: 'card.load_requested',
          actorId: user.id,
          targetUserId: user.id,
          details: { cardId: card.id, operationId: started.id, amount: started.amount, fee: started.fee },
        });
        return { op: started, card };
      } catch (error) {
        // Another load took the balance between the check above and the transfer: say so plainly.
        if (error instanceof InsufficientFunds) {
          throw new AppError(
            'InsufficientBalance',
            `This load takes ${formatCents(quote.balancePays)}, more than your balance holds.`,
          );
        }
        throw error;
      }
    }),
  );
  return answer(deps, started.op, loadMessage(started.op), started.card);
}

/** $1 stays on the card, one unload per card every 5 minutes, no fee (docs/money.md, Card rules). */
export async function unloadCard(
  deps: Deps,
  user: UserRow,
  cardId: string,
  input: { amount: number },
  idempotencyKey: string | undefined,
): Promise<CardMoneyResponse> {
  const requestHash = requestFingerprint(deps, 'unload', [cardId, input.amount]);
  const previous = await previousOperation(deps, user.id, idempotencyKey, requestHash);
  if (previous) return answer(deps, previous, unloadMessage(previous));
  const started = await sameKeyAtOnce(deps, user.id, idempotencyKey, requestHash, () =>
    deps.db.transaction(async (tx) => {
      const card = await lockOwnCardForMoney(tx, user.id, cardId);
      assertActive(card, 'unload');
      const now = deps.now();
      const last = await lastUnloadAt(tx, card.id);
      if (last && last.getTime() + UNLOAD_COOLDOWN_MS > now.getTime()) {
        const seconds = Math.ceil((last.getTime() + UNLOAD_COOLDOWN_MS - now.getTime()) / 1000);
        throw new AppError(
          'UnloadCooldown',
          `You can unload a card once every 5 minutes. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { retryAfterSeconds: seconds },
        );
      }
      const onCard = await balanceOf(tx, cardAccount(card));
      const most = onCard - CARD_MIN_REMAINING_CENTS;
      if (input.amount > most) {
        const message =
          most >= 100
            ? `At least ${formatCents(CARD_MIN_REMAINING_CENTS)} must stay on the card: you can unload up to ${formatCents(most)}.`
            : `At least ${formatCents(CARD_MIN_REMAINING_CENTS)} must stay on the card, and it holds ${formatCents(onCard)}.`;
        throw new AppError('InsufficientBalance', message, { fields: { amount: message } });
      }
      const started = await startOperation(tx, deps, {
        id: uuidv7(),
        card,
        kind: 'unload',
        amount: input.amount,
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
      });
      await audit(tx, {
        action: 'card.unload_requested',
        actorId: user.id,
        targetUserId: user.id,
        details: { cardId: card.id, operationId: started.id, amount: started.amount },
      });
      return { op: started, card };
    }),
  );
  return answer(deps, started.op, unloadMessage(started.op), started.card);
}
