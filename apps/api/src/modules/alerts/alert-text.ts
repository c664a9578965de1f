import { formatCents } from '@coincard/shared';
import { CARD_UNLOCKED_NOT_YOU } from '../../providers/mail/templates/security.js';
import type { AlertCard, AlertFacts } from './alert-facts.js';

/** An alert as the owner reads it: one title, one or two sentences, and where in the app it leads. */
export type AlertText = { title: string; body: string; link: string | null; cardId: string | null };

export const cardLabel = (card: AlertCard) => (card.last4 ? `${card.name} (•••• ${card.last4})` : card.name);

const onCard = (card: AlertCard) => ({ link: `/cards/${card.id}`, cardId: card.id });

/** The same words in the bell's list and in the mail, so the two never tell different stories. */
export function alertText(facts: AlertFacts): AlertText {
  switch (facts.kind) {
    case 'card_purchase':
      return {
        title: `${formatCents(facts.amountCents)} at ${facts.merchant}`,
        body: `Your card ${cardLabel(facts.card)} was used for ${formatCents(facts.amountCents)} at ${facts.merchant}.`,
        ...onCard(facts.card),
      };
    case 'card_decline':
      return {
        title: `Declined: ${formatCents(facts.amountCents)} at ${facts.merchant}`,
        body: `A purchase of ${formatCents(facts.amountCents)} at ${facts.merchant} on your card ${cardLabel(facts.card)} was declined: ${facts.reason.replace(/\.?$/, '.')}`,
        ...onCard(facts.card),
      };
    case 'card_refund':
      return {
        title: `Refund of ${formatCents(facts.amountCents)} from ${facts.merchant}`,
        body: facts.toBalance
          ? `${facts.merchant} refunded ${formatCents(facts.amountCents)} to your deleted card ${cardLabel(facts.card)}; it was added to your balance.`
          : `${facts.merchant} refunded ${formatCents(facts.amountCents)} to your card ${cardLabel(facts.card)}.`,
        ...onCard(facts.card),
      };
    case 'top_up_credited':
      return { ...topUpText(facts), link: '/dashboard', cardId: null };
    case 'card_frozen_by_admin':
      return {
        title: 'Your card was frozen by support',
        body: `CoinCard support froze your card ${cardLabel(facts.card)}. It cannot be used or unfrozen until support lifts the block; contact support to learn why.`,
        ...onCard(facts.card),
      };
    case 'card_low_balance':
      return {
        title: `Low balance on ${facts.card.name}`,
        body: `Your card ${cardLabel(facts.card)} has ${formatCents(facts.balanceCents)} left. Load it from its page before your next purchase.`,
        ...onCard(facts.card),
      };
    case 'new_device_sign_in':
      return {
        title: 'New sign-in from a new device',
        body: `Your account was signed in to from ${facts.where.device}, from ${facts.where.place}, a device that has not signed in to it before. If this was not you, change your password and end the sessions you do not know.`,
        link: '/profile-settings',
        cardId: null,
      };
    case 'card_revealed':
      return {
        title: `Card details shown: ${facts.card.name}`,
        body: `The full number, expiry and CVV of your card ${cardLabel(facts.card)} were shown on ${facts.where.device}, from ${facts.where.place}.`,
        ...onCard(facts.card),
      };
    case 'card_unlocked': {
      const { title, body } = cardUnlockedText(facts);
      return { title, body, ...onCard(facts.card) };
    }
  }
}

/** A card unfrozen or its controls loosened: which card, what changed, where from, and what to do if it was not you. */
export function cardUnlockedText(facts: Extract<AlertFacts, { kind: 'card_unlocked' }>) {
  const where = `on ${facts.where.device}, from ${facts.where.place}`;
  const { title, happened } =
    facts.change.type === 'unfrozen'
      ? {
          title: `Card unfrozen: ${facts.card.name}`,
          happened: `Your card ${cardLabel(facts.card)} was unfrozen ${where}; it can be used for purchases again.`,
        }
      : {
          title: `Card controls loosened: ${facts.card.name}`,
          happened: `The spending controls of your card ${cardLabel(facts.card)} were loosened ${where}: ${facts.change.loosened.join('; ')}.`,
        };
  return { title, happened, body: `${happened} ${CARD_UNLOCKED_NOT_YOU}` };
}

function topUpText(facts: Extract<AlertFacts, { kind: 'top_up_credited' }>) {
  const credited = formatCents(facts.creditedCents);
  const invoice = formatCents(facts.invoiceCents);
  if (facts.status === 'PAID_LESS') {
    const rest = formatCents(facts.invoiceCents - facts.creditedCents);
    return {
      title: `Top-up paid short: ${credited} credited`,
      body: `You sent less than the ${invoice} asked, so ${credited} was added to your balance. To add the other ${rest}, start a new top-up for it from the dashboard (Add Money): the old payment address no longer takes payments.`,
    };
  }
  if (facts.status === 'PAID_OVER') {
    return {
      title: `Top-up paid over: ${credited} credited`,
      body: `You sent more than the ${invoice} asked; all of it, ${credited}, was added to your balance. Nothing more to do.`,
    };
  }
  return { title: `Top-up credited: ${credited}`, body: `${credited} was added to your balance.` };
}
