import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import { cardBalanceMismatches, cardOperations, cards } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { cardAccount } from './card-operations.service.js';
import { IN_TRANSIT_STATUSES } from './card-views.js';

/** Each card is compared at most this often. */
const CHECK_EVERY_MS = 10 * 60_000;

/**
 * The reconcile-card-balances job: compares each live card's ledger balance with the issuer's and records a
 * difference for a person to review. It never overwrites either side: the ledger changes only through transfers.
 * Cards with money in transit are skipped (the two sides legitimately differ until it arrives).
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
    const moving = await deps.db
      .select({ id: cardOperations.id })
      .from(cardOperations)
      .where(and(eq(cardOperations.cardId, card.id), inArray(cardOperations.status, [...IN_TRANSIT_STATUSES])))
      .limit(1);
    if (moving.length > 0) continue;
    let issuerBalance: number;
    try {
      issuerBalance = (await deps.issuer.getCard(card.issuerCardId)).balanceCents;
    } catch (error) {
      deps.logger.warn({ err: error, cardId: card.id }, 'could not read a card balance from the issuer');
      continue;
    }
    const ledgerBalance = await balanceOf(deps.db, cardAccount(card));
    checked += 1;
    const openMismatch = and(eq(cardBalanceMismatches.cardId, card.id), isNull(cardBalanceMismatches.resolvedAt));
    if (ledgerBalance === issuerBalance) {
      await deps.db.update(cardBalanceMismatches).set({ resolvedAt: now }).where(openMismatch);
      continue;
    }
    mismatched += 1;
    deps.logger.warn(
      { cardId: card.id, ledgerBalance, issuerBalance },
      'card balance differs from the issuer; recorded for review',
    );
    await deps.db
      .insert(cardBalanceMismatches)
      .values({ id: uuidv7(), cardId: card.id, ledgerBalance, issuerBalance, detectedAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: cardBalanceMismatches.cardId,
        targetWhere: isNull(cardBalanceMismatches.resolvedAt),
        set: { ledgerBalance, issuerBalance, lastSeenAt: now },
      });
  }
  return { checked, mismatched };
}
