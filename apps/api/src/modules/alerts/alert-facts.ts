import type { AlertKind } from '@coincard/shared';
import type { Whereabouts } from '../../providers/mail/templates/security.js';

/** The card an alert is about, as its owner knows it. */
export type AlertCard = { id: string; name: string; last4: string | null };

/** What happened, per kind: the facts an alert's text (in the app and in the mail) is made from. */
export type AlertFacts =
  | { kind: 'card_purchase'; card: AlertCard; amountCents: number; merchant: string }
  | { kind: 'card_decline'; card: AlertCard; amountCents: number; merchant: string; reason: string }
  | { kind: 'card_refund'; card: AlertCard; amountCents: number; merchant: string; toBalance: boolean }
  | {
      kind: 'top_up_credited';
      orderId: string;
      status: 'PAID' | 'PAID_OVER' | 'PAID_LESS';
      invoiceCents: number;
      creditedCents: number;
    }
  | { kind: 'card_frozen_by_admin'; card: AlertCard }
  | { kind: 'card_low_balance'; card: AlertCard; balanceCents: number }
  | { kind: 'new_device_sign_in'; where: Whereabouts }
  | { kind: 'card_revealed'; card: AlertCard; where: Whereabouts }
  | { kind: 'card_unlocked'; card: AlertCard; change: CardUnlock; where: Whereabouts; at: Date };

/**
 * What the owner's session did that lets a card spend more (decision 033): unfroze it, or loosened its controls, each
 * loosening in plain words ("the daily limit was raised from $50.00 to $80.00").
 */
export type CardUnlock = { type: 'unfrozen' } | { type: 'controls_loosened'; loosened: string[] };

/** `raiseAlert`'s input: whose, what, and (for a fact that may be reported twice) the key that names it. */
export type AlertInput = AlertFacts & { userId: string; dedupeKey?: string };

export type KindOf<K extends AlertKind> = Extract<AlertFacts, { kind: K }>;
