import { and, eq, inArray, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import { type CardRow, cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { IssuerCard, IssuerTransactionsPage } from '../../providers/issuing/card-issuer.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { closeReview } from '../reviews/report-review.js';
import { reportCardDivergence } from './card-divergence.js';
import { freezeAtIssuerNow } from './card-issuer-state.js';
import { cardAccount } from './card-operations.service.js';
import { IN_TRANSIT_STATUSES } from './card-views.js';
import { recordSpending } from './issuer-webhooks.js';

/** Each card is compared at most this often. */
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * The reconcile-card-balances job: compares each live card's ledger balance with the issuer's and records a
 * difference in the review queue (closed again by itself once the two agree). It never overwrites either side: the ledger changes only through transfers.
 * Cards with money in transit are not compared (the two sides legitimately differ until it arrives), but a frozen
 * card is frozen at the issuer first either way.
 */
export async function reconcileCardBalances(deps: Deps): Promise<{ checked: number; mismatched: number }> {
  const now = deps.now();
  const leased = await executeRows<{ id: string }>(
    deps.db,
    sql`
      update cards set balance_checked_at = ${now.toISOString()}
      where id in (
        select id from cards
        where status in ('active', 'frozen') and issuer_card_id is not null
          and (balance_checked_at is null or balance_checked_at <= ${new Date(now.getTime() - CHECK_EVERY_MS).toISOString()})
        order by balance_checked_at nulls first limit 20
        for update skip locked
      )
      returning id`,
  );
  let checked = 0;
  let mismatched = 0;
  for (const { id } of leased) {
    const [card] = await deps.db.select().from(cards).where(eq(cards.id, id));
    if (!card?.issuerCardId) continue;
    let issuerCard: IssuerCard;
    try {
      issuerCard = await deps.issuer.getCard(card.issuerCardId);
    } catch (error) {
      // A frozen card the issuer has not frozen yet is the card-issuer-state job's, queued with the freeze.
      deps.logger.warn({ err: error, cardId: card.id }, 'could not read a card balance from the issuer');
      continue;
    }
    // Before the in-transit skip: a freeze is enforced whatever money is on its way.
    await enforceFreeze(deps, card, issuerCard);
    const moving = await deps.db
      .select({ id: cardOperations.id })
      .from(cardOperations)
      .where(and(eq(cardOperations.cardId, card.id), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])))
      .limit(1);
    if (moving.length > 0) continue;
    const issuerBalance = issuerCard.balanceCents;
    let ledgerBalance = await balanceOf(deps.db, cardAccount(card));
    if (ledgerBalance !== issuerBalance) {
      await backfillSpending(deps, card);
      ledgerBalance = await balanceOf(deps.db, cardAccount(card));
    }
    checked += 1;
    if (ledgerBalance === issuerBalance) {
      await closeReview(deps.db, 'card_balance_divergence', card.id, 'The ledger and the issuer agree again.', now);
      continue;
    }
    mismatched += 1;
    deps.logger.warn(
      { cardId: card.id, ledgerBalance, issuerBalance },
      'card balance differs from the issuer; recorded for review',
    );
    await reportCardDivergence(deps.db, card, { ledgerBalance, issuerBalance }, now);
  }
  return { checked, mismatched };
}

/** A card we froze must be frozen at the issuer too: the safe direction is enforced, the other only logged. */
async function enforceFreeze(deps: Deps, card: CardRow, issuerCard: IssuerCard) {
  if (card.status === 'frozen' && issuerCard.isActive) {
    deps.logger.warn({ cardId: card.id }, 'a frozen card was active at the issuer; freezing it there');
    await freezeAtIssuerNow(deps, card);
  } else if (card.status === 'active' && !issuerCard.isActive) {
    deps.logger.warn({ cardId: card.id }, 'an active card is blocked at the issuer; needs review');
  }
}

/** How far back reconciliation reads the issuer's history for purchases and refunds no webhook told us about. */
const BACKFILL_PAGES = 3;

/**
 * Purchases and refunds the issuer recorded but no webhook delivered (an outage, a signature scheme that changed)
 * are applied from its transaction history, through the same path as the webhook, so a lost event is found.
 */
export async function backfillSpending(deps: Deps, card: CardRow) {
  if (!card.issuerCardId) return;
  for (let page = 1; page <= BACKFILL_PAGES; page += 1) {
    let history: IssuerTransactionsPage;
    try {
      history = await deps.issuer.listTransactions(card.issuerCardId, page, 50);
    } catch (error) {
      deps.logger.warn({ err: error, cardId: card.id }, 'could not read a card history from the issuer');
      return;
    }
    for (const tx of history.transactions) {
      if (tx.clientReference !== null || !tx.reference) continue;
      const outcome = await recordSpending(
        deps,
        tx.type === 'debit'
          ? {
              kind: 'debit',
              outcome: 'successful',
              cardId: card.issuerCardId,
              reference: tx.reference,
              amountCents: tx.amountCents,
              description: tx.description,
              reason: null,
            }
          : {
              kind: 'reversal',
              cardId: card.issuerCardId,
              reference: tx.reference,
              amountCents: tx.amountCents,
              description: tx.description,
            },
      );
      if (outcome.outcome === 'spent' || outcome.outcome === 'refunded') {
        deps.logger.warn(
          { cardId: card.id, reference: tx.reference },
          'applied a card transaction no webhook reported',
        );
      }
    }
    if (page >= history.pages) return;
  }
}
