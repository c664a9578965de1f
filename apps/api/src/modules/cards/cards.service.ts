import {
  CARD_CREATION_FEE_CENTS,
  CARD_CREATION_MIN_BALANCE_CENTS,
  CARD_TRANSACTIONS_PAGE_SIZE,
  type Card,
  type CardActionResponse,
  type CardSecrets,
  type CardTransactionsPage,
  type CreateCardResponse,
  formatCents,
  MAX_CARDS_PER_USER,
  padPin,
} from '@coincard/shared';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { type CardRow, cardOperations, cards, referralRewards, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { replayOf, requestFingerprint } from '../../lib/idempotency.js';
import { uuidv7 } from '../../lib/ids.js';
import { limitedAddress } from '../../lib/ip-networks.js';
import { addMonths } from '../../lib/months.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { whereabouts } from '../../lib/whereabouts.js';
import { IssuerError, type IssuerTransactionsPage } from '../../providers/issuing/card-issuer.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { raiseAlert } from '../alerts/raise-alert.js';
import { audit } from '../audit/audit.js';
import { assertSteppedUp } from '../auth/step-up.js';
import { move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { LIVE_REWARD_STATUSES, payFirstCardReward } from '../referrals/referral-rewards.service.js';
import { assertNotSuspended, findOwnCard, LIVE_STATUSES } from './card-access.js';
import { limitCardActions } from './card-action-limit.js';
import { terminateCard } from './card-closing.service.js';
import { alertCardUnlocked } from './card-controls-loosening.js';
import { completeCardCreation } from './card-creation.service.js';
import { countDeclines, declinesBetween } from './card-declines.js';
import { queueIssuerFreeze } from './card-issuer-state.js';
import { describeCard, describeCards, IN_TRANSIT_STATUSES } from './card-views.js';
import { collectUnpaidFees } from './monthly-fees.service.js';

const issuerTrouble = (action: string) =>
  new AppError('ProviderError', `The card issuer could not ${action} right now. Please try again in a moment.`);

export async function listCards(deps: Deps, user: UserRow): Promise<Card[]> {
  const rows = await deps.db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, user.id), inArray(cards.status, [...LIVE_STATUSES])))
    .orderBy(cards.createdAt);
  return describeCards(deps, rows);
}

export async function getCard(deps: Deps, user: UserRow, cardId: string): Promise<Card> {
  return describeCard(deps, await findOwnCard(deps.db, user.id, cardId));
}

const CREATED_MESSAGE = 'Your new card is ready to load.';
const PENDING_MESSAGE = 'Your card is being created; it becomes active in a moment.';

/**
 * Up to 3 live cards, balance above $15 (docs/money.md, Card rules), which the card costs. The fee is taken and the
 * card recorded in one transaction that locks the user's row, so creations at the same moment take turns and never pass
 * 3. The issuer is asked after that commit; if it cannot answer now the card stays pending and a job finishes it; if it
 * says no, the fee goes back.
 */
export async function createCard(
  deps: Deps,
  user: UserRow,
  input: { name: string; pin: number; singleUse?: boolean },
  idempotencyKey: string | undefined,
  ctx: RequestContext,
): Promise<CreateCardResponse> {
  // The PIN stays out of the request hash: even keyed, 10,000 candidates would give it away to whoever reads the row.
  const requestHash = requestFingerprint(
    deps,
    'create-card',
    input.singleUse ? [input.name, 'single-use'] : [input.name],
  );
  const replay = async (): Promise<CreateCardResponse | null> => {
    if (!idempotencyKey) return null;
    const [found] = await deps.db
      .select()
      .from(cards)
      .where(and(eq(cards.userId, user.id), eq(cards.idempotencyKey, idempotencyKey)));
    const previous = replayOf(
      found,
      requestHash,
      (row) => !row.pendingPinSealed || deps.pinBox.open(row.pendingPinSealed) === padPin(input.pin),
    );
    if (!previous) return null;
    if (previous.status === 'failed') throw creationRefused(previous.failureReason);
    return {
      reward: await rewardPaidWith(deps, previous.id),
      message: previous.status === 'pending' ? PENDING_MESSAGE : CREATED_MESSAGE,
      card: await describeCard(deps, previous),
    };
  };
  const replayed = await replay();
  if (replayed) return replayed;

  const now = deps.now();
  const id = uuidv7();
  let created: CardRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!owner || owner.suspended)
        throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
      // The cardholder exists once the issuer has verified who the user is (decision 029).
      if (!owner.cardholderId) {
        throw new AppError(
          'VerificationRequired',
          'Verify your identity before creating a card: the card issuer must know who holds it.',
        );
      }
      const [live] = await tx
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.userId, user.id), inArray(cards.status, [...LIVE_STATUSES])));
      if ((live?.n ?? 0) >= MAX_CARDS_PER_USER) {
        throw new AppError('CardLimitReached', `You already have the maximum of ${MAX_CARDS_PER_USER} cards.`);
      }
      const balance = await balanceOf(tx, { kind: 'user_balance', userId: user.id });
      if (balance <= CARD_CREATION_MIN_BALANCE_CENTS) {
        throw new AppError(
          'InsufficientBalance',
          `You must deposit at least ${formatCents(CARD_CREATION_MIN_BALANCE_CENTS)} before creating the card: a card costs ${formatCents(CARD_CREATION_FEE_CENTS)} and your balance holds ${formatCents(balance)}.`,
        );
      }
      const [row] = await tx
        .insert(cards)
        .values({
          id,
          userId: user.id,
          issuer: deps.issuer.name,
          name: input.name,
          singleUse: input.singleUse ?? false,
          status: 'pending',
          pendingPinSealed: deps.pinBox.seal(padPin(input.pin)),
          nextCreationAttemptAt: new Date(now.getTime() + 60_000),
          idempotencyKey: idempotencyKey ?? null,
          requestHash,
          nextFeeDueAt: addMonths(now, 1),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('card not recorded');
      await move(tx, {
        id: `card:${id}:creation-fee`,
        kind: 'card_creation_fee',
        from: { kind: 'user_balance', userId: user.id },
        to: platformAccount('revenue_card_creation', user.id),
        amount: CARD_CREATION_FEE_CENTS,
        metadata: { cardId: id },
      });
      await audit(tx, {
        action: 'card.created',
        actorId: user.id,
        targetUserId: user.id,
        ip: ctx.ip,
        details: { cardId: id, fee: CARD_CREATION_FEE_CENTS, singleUse: input.singleUse ?? false },
      });
      // A referred user's first card pays both referral rewards (docs/referrals.md), in this transaction.
      await payFirstCardReward(tx, deps, user.id, id);
      // The answer tries the issuer at once; should that not finish the card (or this process stop), the job does.
      await deps.jobs.enqueue(
        tx,
        'card-creation',
        { cardId: id },
        { key: id, startAfter: new Date(now.getTime() + 30_000) },
      );
      return row;
    });
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error, 'cards_idempotency_unique')) {
      const raced = await replay();
      if (raced) return raced;
    }
    throw error;
  }
  const { outcome } = await completeCardCreation(deps, created.id);
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, created.id));
  if (!card) throw new Error('card vanished');
  if (outcome === 'refused') throw creationRefused(card.failureReason);
  return {
    reward: await rewardPaidWith(deps, card.id),
    message: card.status === 'active' ? CREATED_MESSAGE : PENDING_MESSAGE,
    card: await describeCard(deps, card),
  };
}

/** The referral bonus a card's creation paid its owner (0 for most cards). */
async function rewardPaidWith(deps: Deps, cardId: string): Promise<number> {
  const [reward] = await deps.db
    .select({ amount: referralRewards.referredAmount })
    .from(referralRewards)
    .where(and(eq(referralRewards.cardId, cardId), inArray(referralRewards.status, [...LIVE_REWARD_STATUSES])));
  return reward?.amount ?? 0;
}

const creationRefused = (reason: string | null) =>
  new AppError(
    'ProviderError',
    `The card issuer declined to create this card${reason ? ` (${reason})` : ''}. The ${formatCents(CARD_CREATION_FEE_CENTS)} fee is back in your balance.`,
  );

/**
 * Freezing is idempotent: a frozen card stays frozen. The issuer is told first, so the app never claims a block it
 * lacks. A card frozen for an unpaid fee becomes the owner's freeze: the fee job reopens only cards frozen for the fee,
 * and must not reopen one its owner also wanted frozen (nor one the job froze while this request was on its way).
 */
export async function freezeCard(deps: Deps, user: UserRow, cardId: string, ctx: RequestContext) {
  await limitCardActions(deps, user);
  const card = await findOwnCard(deps.db, user.id, cardId);
  if (card.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
  const frozenForFee = card.status === 'frozen' && card.frozenReason === 'unpaid_fee';
  if (card.status === 'frozen' && !frozenForFee) return actionAnswer(deps, card.id, 'Your card is frozen.');
  if (!frozenForFee) {
    await deps.issuer.freezeCard(card.issuerCardId ?? '').catch((error: unknown) => {
      deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not freeze a card');
      throw issuerTrouble('freeze the card');
    });
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(cards)
      .set({ status: 'frozen', frozenReason: 'user', updatedAt: deps.now() })
      .where(
        and(
          eq(cards.id, card.id),
          or(eq(cards.status, 'active'), and(eq(cards.status, 'frozen'), eq(cards.frozenReason, 'unpaid_fee'))),
        ),
      );
    await audit(tx, {
      action: 'card.frozen',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { cardId: card.id },
    });
  });
  return actionAnswer(deps, card.id, 'Your card is frozen. Purchases are declined until you unfreeze it.');
}

/**
 * Unfreezing is idempotent. A card frozen for an unpaid monthly fee is unfrozen only once the fee is paid from the
 * balance; one frozen by support stays frozen.
 */
export async function unfreezeCard(deps: Deps, user: UserRow, cardId: string, ctx: RequestContext) {
  await limitCardActions(deps, user);
  const card = await findOwnCard(deps.db, user.id, cardId);
  if (card.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
  if (card.status === 'active') return actionAnswer(deps, card.id, 'Your card is active.');
  if (card.frozenReason === 'admin') {
    throw new AppError('Forbidden', 'This card was frozen by CoinCard support. Contact support to unfreeze it.');
  }
  {
    const unpaid = await collectUnpaidFees(deps, card.id);
    if (unpaid > 0) {
      throw new AppError(
        'InsufficientBalance',
        `This card is frozen because its ${formatCents(unpaid)} monthly fee is unpaid. Add money to your balance, then unfreeze it.`,
      );
    }
  }
  await deps.issuer.unfreezeCard(card.issuerCardId ?? '').catch((error: unknown) => {
    deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not unfreeze a card');
    throw issuerTrouble('unfreeze the card');
  });
  const unfrozen = await deps.db.transaction(async (tx) => {
    // Only the freeze we looked at ends: a deletion or a new unpaid fee meanwhile keeps the card blocked.
    const [row] = await tx
      .update(cards)
      .set({ status: 'active', frozenReason: null, updatedAt: deps.now() })
      .where(
        and(
          eq(cards.id, card.id),
          eq(cards.status, 'frozen'),
          sql`${cards.frozenReason} is not distinct from ${card.frozenReason}`,
        ),
      )
      .returning({ id: cards.id });
    if (row) {
      await audit(tx, {
        action: 'card.unfrozen',
        actorId: user.id,
        targetUserId: user.id,
        ip: ctx.ip,
        details: { cardId: card.id },
      });
      await alertCardUnlocked(deps, tx, card, { type: 'unfrozen' }, ctx);
    }
    return Boolean(row);
  });
  if (!unfrozen) {
    // Blocked by support, deleted or frozen for a fee meanwhile: the issuer must not keep it open.
    await queueIssuerFreeze(deps.db, deps, card.id);
    throw new AppError('CardBusy', 'This card changed while it was being unfrozen. Please look again and retry.');
  }
  return actionAnswer(deps, card.id, 'Your card is active again.');
}

async function actionAnswer(deps: Deps, cardId: string, message: string): Promise<CardActionResponse> {
  const [card] = await deps.db.select().from(cards).where(eq(cards.id, cardId));
  if (!card) throw new Error('card vanished');
  return { message, card: await describeCard(deps, card) };
}

/** The new 3DS code goes to the issuer only; the app never keeps it. */
/**
 * A new 3DS code, the check online shops add to the card number: it needs a fresh step-up of this session, as the
 * card details do, so a stolen session cannot choose the code that lets a number it knows from elsewhere pay online.
 * The owner is told by mail, in the audit's transaction.
 */
export async function updateCardPin(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  cardId: string,
  pin: number,
  ctx: RequestContext,
) {
  const { user } = principal;
  await limitCardActions(deps, user);
  const card = await findOwnCard(deps.db, user.id, cardId);
  if (card.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
  await assertSteppedUp(deps, principal.sessionId);
  await deps.issuer.updatePin(card.issuerCardId ?? '', padPin(pin)).catch((error: unknown) => {
    deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not change a 3DS code');
    throw issuerTrouble('change the 3DS code');
  });
  await deps.db.transaction(async (tx) => {
    await audit(tx, {
      action: 'card.pin_changed',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { cardId: card.id },
    });
    await enqueueMail(
      deps,
      tx,
      deps.mail.cardPinChanged(user.email, { name: card.name, last4: card.last4 }, whereabouts(ctx)),
    );
  });
  return actionAnswer(deps, card.id, 'Your 3DS code is changed.');
}

/**
 * Deleting (docs/money.md, Card rules) returns the card's balance first and keeps the card as terminated. The card is
 * frozen at the issuer so nothing spends it meanwhile; its balance travels back as a `close` movement, and the
 * close-deleted-cards job deletes it at the issuer once that has arrived.
 */
export async function deleteCard(deps: Deps, user: UserRow, cardId: string, ctx: RequestContext) {
  await limitCardActions(deps, user);
  // Fees a card still owes are paid from the balance if it can; what nothing can pay is waived with the card.
  await collectUnpaidFees(deps, (await findOwnCard(deps.db, user.id, cardId)).id);
  const now = deps.now();
  const returned = await deps.db.transaction(async (tx) => {
    const locked = await findOwnCard(tx, user.id, cardId, { lock: true });
    if (locked.status === 'pending') throw new AppError('CardNotActive', 'This card is still being created.');
    if (locked.frozenReason === 'admin') {
      // Its money stays on it while support looks into it: deleting would send it back to the balance.
      throw new AppError('Forbidden', 'This card was frozen by CoinCard support. Contact support before deleting it.');
    }
    const [busy] = await tx
      .select({ n: count() })
      .from(cardOperations)
      .where(and(eq(cardOperations.cardId, locked.id), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])));
    if ((busy?.n ?? 0) > 0) {
      throw new AppError('CardBusy', 'Money is still moving on this card. Try again once it has arrived.');
    }
    const balance = await terminateCard(tx, deps, locked, now);
    await audit(tx, {
      action: 'card.deleted',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { cardId: locked.id, returned: balance },
    });
    return balance;
  });
  return {
    message:
      returned > 0
        ? `Card deleted. Its ${formatCents(returned)} balance is on its way back to your balance.`
        : 'Card deleted.',
    returnedAmount: returned,
  };
}

/**
 * Card secrets: read from the issuer on each request, never kept or logged. Each reveal needs a step-up of this
 * session a few minutes old at most (a stolen session cookie alone shows nothing), is limited, audited, and mailed to
 * the owner in the audit's transaction.
 */
export async function revealCardSecrets(
  deps: Deps,
  principal: { user: UserRow; sessionId: string },
  cardId: string,
  ctx: RequestContext,
): Promise<CardSecrets> {
  const { user } = principal;
  const now = deps.now();
  await hitRateLimit(deps.db, RATE_RULES.cardRevealIp, limitedAddress(ctx.ip), now);
  const card = await findOwnCard(deps.db, user.id, cardId);
  await assertNotSuspended(deps.db, user.id);
  if (!card.issuerCardId || card.status === 'pending') {
    throw new AppError('CardNotActive', 'This card is still being created.');
  }
  // Before the account's reveal limit: a session that has not stepped up must not use up the owner's reveals.
  await assertSteppedUp(deps, principal.sessionId);
  await hitRateLimit(deps.db, RATE_RULES.cardRevealAccount, user.id, now);
  const secrets = await deps.issuer.getCardSecrets(card.issuerCardId).catch((error: unknown) => {
    deps.logger.warn(
      { err: error instanceof IssuerError ? error.message : error, cardId: card.id },
      'issuer could not reveal a card',
    );
    throw issuerTrouble('show the card details');
  });
  await deps.db.transaction(async (tx) => {
    await audit(tx, {
      action: 'card.secrets_revealed',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { cardId: card.id },
    });
    await raiseAlert(deps, tx, {
      userId: user.id,
      kind: 'card_revealed',
      card: { id: card.id, name: card.name, last4: card.last4 },
      where: whereabouts(ctx),
    });
  });
  return {
    cardNumber: secrets.cardNumber,
    expiry: `${secrets.expiryMonth}/${secrets.expiryYear.slice(-2)}`,
    cvv: secrets.cvv,
  };
}

/** The card's own history: the issuer's lines, 10 per page, newest first, with our recorded declines among them. */
export async function listCardTransactions(
  deps: Deps,
  user: UserRow,
  cardId: string,
  page: number,
): Promise<CardTransactionsPage> {
  await hitRateLimit(deps.db, RATE_RULES.cardHistoryAccount, user.id, deps.now());
  const card = await findOwnCard(deps.db, user.id, cardId);
  const pageSize = CARD_TRANSACTIONS_PAGE_SIZE;
  if (!card.issuerCardId) return { transactions: [], meta: { page, pageSize, total: 0, pages: 0 } };
  const issuerCardId = card.issuerCardId;
  const listPage = (n: number) =>
    deps.issuer.listTransactions(issuerCardId, n, pageSize).catch((error: unknown) => {
      deps.logger.warn({ err: error, cardId: card.id }, 'issuer could not list card transactions');
      throw issuerTrouble('list the card transactions');
    });
  const [result, newer] = await Promise.all([listPage(page), page > 1 ? listPage(page - 1) : null]);
  // Declines live with us, the rest at the issuer: each decline goes on the page whose time span holds it, from
  // this page's oldest line (none: the last page takes everything older) up to the previous page's oldest line.
  const oldest = (list: IssuerTransactionsPage) => list.transactions.at(-1)?.date ?? null;
  const isLastPage = page >= result.pages || result.transactions.length < pageSize;
  const declines =
    page > 1 && (newer?.transactions.length ?? 0) < pageSize
      ? []
      : await declinesBetween(deps.db, card.id, {
          since: isLastPage ? null : oldest(result),
          until: newer ? oldest(newer) : null,
        });
  const lines: CardTransactionsPage['transactions'] = [
    ...result.transactions.map((tx) => ({
      _id: tx.reference,
      transaction_date: tx.date.toISOString(),
      description: tx.description,
      card_transaction_type: tx.type.toUpperCase(),
      amount: tx.amountCents,
      currency: tx.currency,
      enriched_data: {
        merchant_name: tx.merchantName,
        merchant_logo: tx.merchantLogo,
        is_recurring: tx.isRecurring,
        transaction_category: tx.category,
        transaction_group: tx.group,
      },
      status: 'completed' as const,
      decline_reason: null,
    })),
    ...declines.map((decline) => ({
      _id: decline.id,
      transaction_date: decline.occurredAt.toISOString(),
      description: decline.merchant,
      card_transaction_type: 'DEBIT',
      amount: decline.amount,
      currency: 'USD',
      enriched_data: {
        merchant_name: decline.merchant,
        merchant_logo: null,
        is_recurring: false,
        transaction_category: decline.category,
        transaction_group: null,
      },
      status: 'declined' as const,
      decline_reason: decline.reason,
    })),
  ].sort((a, b) => b.transaction_date.localeCompare(a.transaction_date));
  const declineCount = await countDeclines(deps.db, card.id);
  return {
    transactions: lines,
    meta: {
      page,
      pageSize,
      total: result.total + declineCount,
      pages: Math.max(result.pages, declineCount > 0 ? 1 : 0),
    },
  };
}
