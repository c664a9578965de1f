import type { Mail } from '../mailer.js';
import { alertMailTemplates } from './alerts.js';
import { renderMail } from './layout.js';
import { securityMailTemplates } from './security.js';

/** Every mail the product sends, built from APP_URL so the links work wherever it runs. */
export function mailTemplates(appUrl: string) {
  const url = (path: string) => new URL(path, appUrl).toString();
  return {
    ...securityMailTemplates(url),
    ...alertMailTemplates(url),
    verification(to: string, code: string): Mail {
      return {
        to,
        kind: 'verification',
        ...renderMail('Verify your e-mail', 'Confirm your e-mail address', [
          { kind: 'p', text: 'Welcome to CoinCard. Confirm this address to finish creating your account.' },
          { kind: 'button', label: 'Verify e-mail', url: url(`/email/verify/${code}`) },
          { kind: 'p', text: 'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.' },
        ]),
      };
    },
    existingAccount(to: string): Mail {
      return {
        to,
        kind: 'existing-account',
        ...renderMail('Someone tried to sign up with your address', 'You already have an account', [
          {
            kind: 'p',
            text: 'Someone just tried to create a CoinCard account with this e-mail address, which already has one.',
          },
          { kind: 'p', text: 'If it was you, sign in instead, or reset your password if you have forgotten it.' },
          { kind: 'button', label: 'Sign in', url: url('/login') },
          { kind: 'p', text: 'If it was not you, you can ignore this mail: nothing has changed on your account.' },
        ]),
      };
    },
    /** To the owner of an address someone tried to move their account to: the answer to them reveals nothing. */
    emailChangeAddressTaken(to: string): Mail {
      return {
        to,
        kind: 'email-change-address-taken',
        ...renderMail('Someone tried to use your address', 'Your address is already in use', [
          {
            kind: 'p',
            text: 'Someone signed in to another CoinCard account just asked to move it to this e-mail address, which already has an account. Nothing was changed.',
          },
          { kind: 'p', text: 'If it was you, sign in to this account instead. Otherwise you can ignore this mail.' },
        ]),
      };
    },
    stepUpCode(to: string, code: string): Mail {
      return {
        to,
        kind: 'step-up-code',
        ...renderMail('Your security code', 'Confirm a change to your account', [
          {
            kind: 'p',
            text: 'Enter this code to change your e-mail, password or two-factor setting. It expires in 10 minutes.',
          },
          { kind: 'code', code },
          { kind: 'p', text: 'If you did not ask for it, change your password now: someone may be signed in as you.' },
        ]),
      };
    },
    twoFactorCode(to: string, code: string): Mail {
      return {
        to,
        kind: 'two-factor-code',
        ...renderMail('Your sign-in code', 'Your sign-in code', [
          { kind: 'p', text: 'Enter this code to finish signing in. It expires in 10 minutes.' },
          { kind: 'code', code },
          { kind: 'p', text: 'If you did not try to sign in, change your password now: someone knows it.' },
        ]),
      };
    },
    passwordReset(to: string, code: string, expiresAtMs: number): Mail {
      return {
        to,
        kind: 'password-reset',
        ...renderMail('Reset your password', 'Reset your password', [
          { kind: 'p', text: 'We received a request to reset the password of your CoinCard account.' },
          {
            kind: 'button',
            label: 'Choose a new password',
            url: url(`/password/reset?code=${code}&exp=${expiresAtMs}`),
          },
          {
            kind: 'p',
            text: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail.',
          },
        ]),
      };
    },
    emailChangeCode(to: string, code: string): Mail {
      return {
        to,
        kind: 'email-change-code',
        ...renderMail('Confirm your new e-mail', 'Confirm your new e-mail address', [
          {
            kind: 'p',
            text: 'Enter this code in Profile Settings to make this your CoinCard sign-in address. It expires in 10 minutes.',
          },
          { kind: 'code', code },
        ]),
      };
    },
    emailChanged(to: string, newEmail: string): Mail {
      return {
        to,
        kind: 'email-changed',
        ...renderMail('Your e-mail address was changed', 'Your e-mail address was changed', [
          {
            kind: 'p',
            text: `Your CoinCard account now signs in with ${newEmail}. This address will no longer receive account mail.`,
          },
          { kind: 'p', text: 'If you did not make this change, contact support at once.' },
        ]),
      };
    },
    /** The card issuer decided on the user's identity check (docs/decisions/029-cardholder-verification.md). */
    cardholderDecision(
      to: string,
      outcome: 'approved' | 'rejected' | 'needs_more_information',
      reason: string | null,
    ): Mail {
      const heading =
        outcome === 'approved'
          ? 'Your identity is verified'
          : outcome === 'rejected'
            ? 'We could not verify your identity'
            : 'We need more information to verify you';
      const lines =
        outcome === 'approved'
          ? [{ kind: 'p' as const, text: 'Our card issuer has verified your identity. You can now create your card.' }]
          : [
              { kind: 'p' as const, text: `Our card issuer said: ${reason ?? 'the details could not be confirmed.'}` },
              {
                kind: 'p' as const,
                text: 'Check your details against your identity document and send them again from the verification page.',
              },
            ];
      return {
        to,
        kind: 'cardholder-decision',
        ...renderMail(heading, heading, [
          ...lines,
          {
            kind: 'button',
            label: outcome === 'approved' ? 'Create your card' : 'Open the verification page',
            url: url(outcome === 'approved' ? '/dashboard' : '/verify'),
          },
        ]),
      };
    },
  };
}

export type MailTemplates = ReturnType<typeof mailTemplates>;
