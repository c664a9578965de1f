import { formatCents } from '@coincard/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { IssuerError, type IssuerEvent } from '../../providers/issuing/card-issuer.js';
import { applyCardholderDecision, verificationOfCardholder } from '../cardholders/verification-decisions.js';
import { InsufficientFunds, move } from '../ledger/ledger.service.js';
import { platformAccount } from '../ledger/ledger-accounts.js';
import { transferTotal } from '../ledger/ledger-read.js';
import type { ProcessResult, WebhookSource } from '../webhooks/webhook-source.js';
import { recordDecline } from './card-declines.js';
import { cardAccount, settleOperation } from './card-operations.service.js';
import { afterPurchase } from './card-purchases.js';
import { alertSpending } from './spending-alerts.js';

const MOVEMENT_KINDS = { fund: ['fund'], unload: ['unload', 'close', 'fee'] } as const;

/** The end of a fund or unload we started: settle it, after checking the event matches what we asked for. */
async function applyMovementEvent(
  deps: Deps,
  event: Extract<IssuerEvent, { kind: 'fund' | 'unload' }>,
): Promise<ProcessResult> {
  if (!z.uuid().safeParse(event.reference).success) return { outcome: 'unknown-operation', done: true };
  const [row] = await deps.db
    .select({ op: cardOperations, issuerCardId: cards.issuerCardId })
    .from(cardOperations)
    .innerJoin(cards, eq(cards.id, cardOperations.cardId))
    .where(eq(cardOperations.id, event.reference));
  if (!row) return { outcome: 'unknown-operation', done: true };
  const matches =
    row.issuerCardId === event.cardId &&
    (MOVEMENT_KINDS[event.kind] as readonly string[]).includes(row.op.kind) &&
    (event.outcome === 'failed' || event.amountCents === row.op.amount);
  if (!matches) {
    // Signed, but not what we asked for: nothing moves on its word; the settle job asks the issuer instead.
    deps.logger.error({ operationId: row.op.id, event }, 'issuer event does not match its operation; needs review');
    return {
      outcome: 'review:mismatch',
      done: true,
      review: {
        reason: `The issuer reports a ${event.kind} of ${formatCents(event.amountCents)} that does not match the card movement it names (a ${row.op.kind} of ${formatCents(row.op.amount)}).`,
        userId: row.op.userId,
        details: {
          operationId: row.op.id,
          cardId: row.op.cardId,
          ours: { kind: row.op.kind, amount: row.op.amount, status: row.op.status },
          issuer: { kind: event.kind, outcome: event.outcome, amount: event.amountCents, cardId: event.cardId },
        },
      },
    };
  }
  const settled = await settleOperation(
    deps,
    row.op,
    event.outcome === 'successful'
      ? { outcome: 'successful' }
      : { outcome: 'failed', reason: event.reason ?? 'The card issuer declined it.' },
  );
  if (settled === 'contradicted') {
    return {
      outcome: 'review:contradiction',
      done: true,
      review: {
        reason: `The issuer says this ${row.op.kind} was ${event.outcome}, but it had already ended the other way.`,
        userId: row.op.userId,
        details: {
          operationId: row.op.id,
          cardId: row.op.cardId,
          ours: { kind: row.op.kind, amount: row.op.amount },
          issuer: { outcome: event.outcome, amount: event.amountCents },
        },
      },
    };
  }
  return { outcome: settled === 'settled' ? `${event.kind}-${event.outcome}` : settled, done: true };
}

/**
 * Spending and refunds happen at the issuer; the app records them as facts. A purchase moves money from the card
 * to the issuer's settlement account, a refund moves it back, each under a transfer id made of the issuer's
 * reference, so a redelivered event moves nothing twice. A purchase bigger than the card's ledger balance (money
 * reserved for an unload the issuer will refuse) waits and is replayed once the unload has failed back.
 */
export async function recordSpending(
  deps: Deps,
  event: Extract<IssuerEvent, { kind: 'debit' | 'reversal' }>,
): Promise<ProcessResult> {
  const [card] = await deps.db
    .select()
    .from(cards)
    .where(and(eq(cards.issuer, deps.issuer.name), eq(cards.issuerCardId, event.cardId)));
  // A card we do not know yet may be one whose creation is still being recorded: the event waits and is replayed.
  if (!card) return { outcome: 'unknown-card', done: false };
  const settlement = platformAccount('clearing_issuer', card.userId, deps.issuer.name);
  const reference = event.reference;
  const transferId = `issuer:${deps.issuer.name}:${event.kind}:${reference}`;
  // A refund for a card already deleted at the issuer has no card to land on: it goes to the balance, and is
  // flagged, since the issuer holds it outside any card until its wallet is reconciled.
  const toBalance = event.kind === 'reversal' && card.issuerClosedAt !== null;
  try {
    const moved = await deps.db.transaction(async (tx) => {
      const applied = await move(tx, {
        id: transferId,
        kind: event.kind === 'debit' ? 'card_spend' : 'card_refund',
        from: event.kind === 'debit' ? cardAccount(card) : settlement,
        to:
          event.kind === 'debit'
            ? settlement
            : toBalance
              ? { kind: 'user_balance', userId: card.userId }
              : cardAccount(card),
        amount: event.amountCents,
        metadata: { cardId: card.id, reference, description: event.description, afterClosing: toBalance },
      });
      if (applied) {
        // The alert first, reading the card as the purchase left it (a single-use card is closed just after).
        await alertSpending(deps, tx, card, { ...event, transferId }, toBalance);
        if (event.kind === 'debit') await afterPurchase(tx, deps, card, event);
      }
      return applied;
    });
    if (toBalance)
      deps.logger.warn(
        { cardId: card.id, reference },
        'a refund arrived after the card was closed; paid to the balance',
      );
    if (moved) return { outcome: event.kind === 'debit' ? 'spent' : 'refunded', done: true };
    // Already applied: the same fact again, unless the issuer now tells a different amount under the same reference.
    const recorded = await transferTotal(deps.db, transferId);
    if (recorded !== null && recorded !== event.amountCents) {
      deps.logger.error(
        { cardId: card.id, reference, recorded, now: event.amountCents },
        'issuer event conflicts with one applied before; needs review',
      );
      return {
        outcome: 'review:conflicting-duplicate',
        done: true,
        review: {
          reason: `The issuer reports ${formatCents(event.amountCents)} under reference ${reference}, already applied as ${formatCents(recorded)}.`,
          userId: card.userId,
          details: { cardId: card.id, reference, kind: event.kind, recorded, reported: event.amountCents },
        },
      };
    }
    return { outcome: 'already-applied', done: true };
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      deps.logger.warn({ cardId: card.id, reference }, 'a purchase exceeds the card ledger balance; it waits');
      return { outcome: 'deferred:card-balance-short', done: false };
    }
    throw error;
  }
}

/** A purchase the issuer refused: kept for the owner's history with its reason; moves no money. */
async function recordIssuerDecline(
  deps: Deps,
  event: Extract<IssuerEvent, { kind: 'decline' }>,
): Promise<ProcessResult> {
  const [card] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.issuer, deps.issuer.name), eq(cards.issuerCardId, event.cardId)));
  if (!card) return { outcome: 'unknown-card', done: false };
  const { recorded } = await deps.db.transaction((tx) =>
    recordDecline(
      tx,
      {
        cardId: card.id,
        amountCents: event.amountCents,
        merchant: event.merchant,
        category: event.category,
        reason: event.reason,
        occurredAt: event.occurredAt,
        issuerReference: event.reference,
      },
      deps,
    ),
  );
  return { outcome: recorded ? 'declined' : 'already-applied', done: true };
}

/**
 * `/api/webhooks/issuing`: signed by the issuer in `x-webhook-signature` (decision 008). Card events are this module's;
 * cardholder decisions belong to the cardholder verification (modules/cardholders).
 */
export const issuerWebhookSource: WebhookSource<IssuerEvent> = {
  name: 'issuing',
  provider: (deps) => deps.issuer.name,
  signatureHeader: 'x-webhook-signature',
  verify(deps, rawBody, signature) {
    try {
      const verified = deps.issuer.verifyWebhook(rawBody, signature ?? undefined);
      return {
        eventKey: verified.eventKey,
        eventType: verified.name,
        subject: verified.event.kind === 'cardholder' ? verified.event.cardholderId : verified.event.cardId,
        event: verified.event,
      };
    } catch (error) {
      if (error instanceof IssuerError) throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
      throw error;
    }
  },
  async ownerOf(deps, subject) {
    const [card] = await deps.db
      .select({ userId: cards.userId })
      .from(cards)
      .where(and(eq(cards.issuer, deps.issuer.name), eq(cards.issuerCardId, subject)));
    // The subject of a cardholder decision is the issuer's cardholder id.
    return card?.userId ?? (await verificationOfCardholder(deps, subject))?.userId ?? null;
  },
  async process(deps, event) {
    if (event.kind === 'fund' || event.kind === 'unload') return applyMovementEvent(deps, event);
    if (event.kind === 'debit' || event.kind === 'reversal') return recordSpending(deps, event);
    if (event.kind === 'decline') return recordIssuerDecline(deps, event);
    if (event.kind === 'cardholder') return applyCardholderDecision(deps, event);
    return { outcome: 'acknowledged', done: true };
  },
};
