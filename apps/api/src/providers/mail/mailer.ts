export type MailKind =
  | 'verification'
  | 'existing-account'
  | 'email-change-address-taken'
  | 'step-up-code'
  | 'two-factor-code'
  | 'password-reset'
  | 'email-change-code'
  | 'email-changed'
  | 'cardholder-decision'
  | 'new-device-sign-in'
  | 'second-factor-added'
  | 'second-factor-removed'
  | 'second-factor-reset'
  | 'card-details-shown'
  | 'card-unlocked'
  | 'card-pin-changed'
  | 'card-purchase'
  | 'card-decline'
  | 'card-refund'
  | 'top-up-credited'
  | 'card-frozen'
  | 'card-low-balance';

/** The mail server refused the recipient for good (no such mailbox): sending it again cannot help. */
export class RecipientRefused extends Error {}

export type Mail = { to: string; kind: MailKind; subject: string; text: string; html: string };

/**
 * Where mail goes: real SMTP, or the development outbox. Callers never know which. `messageId` stays the same when a
 * queued mail is sent again, so a mailbox that got it twice (a crash between the server's OK and the job's end) can
 * tell it is one mail.
 */
export type Mailer = {
  send: (mail: Mail, options?: { messageId?: string }) => Promise<void>;
  close: () => Promise<void>;
};
