import type { Mail } from '../mailer.js';
import { renderMail } from './layout.js';

/** Where and from what something happened, as the sessions list shows it (lib/user-agent.ts, lib/approximate-place.ts). */
export type Whereabouts = { device: string; place: string };

const NOT_YOU =
  'If this was not you, change your password now and end the sessions you do not know in Profile Settings.';

/** What to do when a card was unfrozen or its controls loosened by someone else (the alert says the same). */
export const CARD_UNLOCKED_NOT_YOU =
  'If this was not you, freeze the card on its page now, then sign out your other sessions and change your password in Profile Settings.';

/** A moment as the mails say it, in UTC so that every reader sees the same words: "5 May 2026 at 14:03 UTC". */
const utcMoment = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The mails that tell an owner about something done with their account's credentials (decision 027). */
export function securityMailTemplates(url: (path: string) => string) {
  const settings = { kind: 'button' as const, label: 'Open Profile Settings', url: url('/profile-settings') };
  return {
    newDeviceSignIn(to: string, where: Whereabouts): Mail {
      return {
        to,
        kind: 'new-device-sign-in',
        ...renderMail('New sign-in to your account', 'A new device signed in', [
          {
            kind: 'p',
            text: `Your CoinCard account was just signed in to from a device that has not signed in to it before: ${where.device}, from ${where.place}.`,
          },
          { kind: 'p', text: NOT_YOU },
          settings,
        ]),
      };
    },
    secondFactorAdded(to: string, what: string): Mail {
      return {
        to,
        kind: 'second-factor-added',
        ...renderMail('A sign-in method was added', 'A sign-in method was added', [
          { kind: 'p', text: `${what} was just added to your CoinCard account. It can now be used to sign in.` },
          { kind: 'p', text: NOT_YOU },
          settings,
        ]),
      };
    },
    secondFactorRemoved(to: string, what: string): Mail {
      return {
        to,
        kind: 'second-factor-removed',
        ...renderMail('A sign-in method was removed', 'A sign-in method was removed', [
          { kind: 'p', text: `${what} was just removed from your CoinCard account.` },
          { kind: 'p', text: NOT_YOU },
          settings,
        ]),
      };
    },
    secondFactorReset(to: string): Mail {
      return {
        to,
        kind: 'second-factor-reset',
        ...renderMail('Your two-step sign-in was reset', 'Your two-step sign-in was reset', [
          {
            kind: 'p',
            text: 'CoinCard support removed the authenticator app and the passkeys from your account, as you asked. Every device was signed out. Until you set them up again, signing in asks for your password and a code we e-mail to this address.',
          },
          { kind: 'p', text: 'If you did not ask for this, contact support at once.' },
          { kind: 'button', label: 'Sign in', url: url('/login') },
        ]),
      };
    },
    cardDetailsShown(to: string, card: { name: string; last4: string | null }, where: Whereabouts): Mail {
      const which = card.last4 ? `${card.name} (•••• ${card.last4})` : card.name;
      return {
        to,
        kind: 'card-details-shown',
        ...renderMail('Your card details were shown', 'Your card details were shown', [
          {
            kind: 'p',
            text: `The full number, expiry and CVV of your card ${which} were just shown on ${where.device}, from ${where.place}.`,
          },
          {
            kind: 'p',
            text: 'If this was not you, freeze the card on its page, change your password, and end the sessions you do not know in Profile Settings.',
          },
          settings,
        ]),
      };
    },
    cardPinChanged(to: string, card: { name: string; last4: string | null }, where: Whereabouts): Mail {
      const which = card.last4 ? `${card.name} (•••• ${card.last4})` : card.name;
      return {
        to,
        kind: 'card-pin-changed',
        ...renderMail('Your 3DS code was changed', 'Your 3DS code was changed', [
          {
            kind: 'p',
            text: `The 3DS code of your card ${which}, which online shops may ask for to confirm a payment, was just changed on ${where.device}, from ${where.place}.`,
          },
          {
            kind: 'p',
            text: 'If this was not you, freeze the card on its page, change your password, and end the sessions you do not know in Profile Settings.',
          },
          settings,
        ]),
      };
    },
    /** A card unfrozen or its spending controls loosened by the owner's session (the alert's words, and when). */
    cardUnlocked(to: string, unlock: { cardId: string; title: string; happened: string; at: Date }): Mail {
      return {
        to,
        kind: 'card-unlocked',
        ...renderMail(unlock.title, unlock.title, [
          { kind: 'p', text: unlock.happened },
          { kind: 'p', text: `This happened at ${utcMoment.format(unlock.at)} UTC.` },
          { kind: 'p', text: CARD_UNLOCKED_NOT_YOU },
          { kind: 'button', label: 'Open the card', url: url(`/cards/${unlock.cardId}`) },
          settings,
        ]),
      };
    },
  };
}
