export type MailKind =
  | 'verification'
  | 'existing-account'
  | 'email-change-address-taken'
  | 'step-up-code'
  | 'two-factor-code'
  | 'password-reset'
  | 'email-change-code'
  | 'email-changed'
  | 'new-device-sign-in'
  | 'second-factor-added'
  | 'second-factor-removed'
  | 'second-factor-reset'
  | 'card-details-shown';

export type Mail = { to: string; kind: MailKind; subject: string; text: string; html: string };

/** Where mail goes: real SMTP, or the development outbox. Callers never know which. */
export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  close: () => Promise<void>;
};
