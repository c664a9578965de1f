import { formatCents } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import type { CardRow } from '../../db/schema/index.js';
import { reportReview } from '../reviews/report-review.js';

/**
 * A card whose ledger balance differs from what the issuer holds for it goes to the review queue; one open review per
 * card, its figures brought up to date at every check. Neither side is overwritten.
 */
export async function reportCardDivergence(
  db: Executor,
  card: Pick<CardRow, 'id' | 'userId'>,
  balances: { ledgerBalance: number; issuerBalance: number },
  now: Date,
): Promise<void> {
  await reportReview(
    db,
    {
      kind: 'card_balance_divergence',
      subjectId: card.id,
      userId: card.userId,
      reason: `The ledger holds ${formatCents(balances.ledgerBalance)} on this card; the issuer holds ${formatCents(balances.issuerBalance)}.`,
      details: balances,
    },
    now,
  );
}
