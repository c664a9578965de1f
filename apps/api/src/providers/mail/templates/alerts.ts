import type { Mail, MailKind } from '../mailer.js';
import { renderMail } from './layout.js';

/** An alert's words (modules/alerts/alert-text.ts) and where the button leads. */
export type AlertMailText = { title: string; body: string; link: string | null };

const PREFERENCES_NOTE = 'You can choose which alerts reach you by e-mail in Profile Settings.';

/** The mails of the alerts that are not security mails: the alert's own text, a button to the place it concerns. */
export function alertMailTemplates(url: (path: string) => string) {
  return {
    alert(to: string, kind: MailKind, text: AlertMailText): Mail {
      return {
        to,
        kind,
        ...renderMail(text.title, text.title, [
          { kind: 'p', text: text.body },
          ...(text.link ? [{ kind: 'button' as const, label: 'Open CoinCard', url: url(text.link) }] : []),
          { kind: 'p', text: PREFERENCES_NOTE },
        ]),
      };
    },
  };
}
