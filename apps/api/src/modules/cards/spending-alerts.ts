import { LOW_CARD_BALANCE_CENTS } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import type { CardRow } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { raiseAlert } from '../alerts/raise-alert.js';
import { balanceOf } from '../ledger/ledger-read.js';
import { publishLive } from '../live/live-events.js';
import { cardAccount } from './card-operations.service.js';

type Spending = { kind: 'debit' | 'reversal'; amountCents: number; description: string; transferId: string };

/**
 * A purchase or refund just recorded (in its transaction): its alert, the card page told to refresh, and after a
 * purchase that took the card below LOW_CARD_BALANCE_CENTS, a low-balance alert: once per crossing, so a card spent
 * down in small purchases is not a stream of warnings.
 */
export async function alertSpending(
  deps: Deps,
  tx: Executor,
  card: CardRow,
  spending: Spending,
  toBalance: boolean,
): Promise<void> {
  const alertCard = { id: card.id, name: card.name, last4: card.last4 };
  // The issuer describes a refund as "Refund: <merchant's descriptor>"; the alert says it is a refund itself.
  const merchant = spending.description.replace(/^refund:\s*/i, '').trim() || 'a merchant';
  if (spending.kind === 'debit') {
    await raiseAlert(deps, tx, {
      userId: card.userId,
      kind: 'card_purchase',
      card: alertCard,
      amountCents: spending.amountCents,
      merchant,
      dedupeKey: spending.transferId,
    });
    const after = await balanceOf(tx, cardAccount(card));
    if (after < LOW_CARD_BALANCE_CENTS && after + spending.amountCents >= LOW_CARD_BALANCE_CENTS) {
      await raiseAlert(deps, tx, {
        userId: card.userId,
        kind: 'card_low_balance',
        card: alertCard,
        balanceCents: after,
        dedupeKey: `low-balance:${spending.transferId}`,
      });
    }
  } else {
    await raiseAlert(deps, tx, {
      userId: card.userId,
      kind: 'card_refund',
      card: alertCard,
      amountCents: spending.amountCents,
      merchant,
      toBalance,
      dedupeKey: spending.transferId,
    });
  }
  await publishLive(deps, tx, card.userId, { type: 'card', cardId: card.id });
}
