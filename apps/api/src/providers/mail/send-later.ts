import type { Deps } from '../../deps.js';
import type { Mail } from './mailer.js';

/**
 * Sends without making the caller wait: answers then take the same time whether or not a mail went out, which
 * keeps registration and password reset from revealing who has an account.
 */
export function sendInBackground(deps: Pick<Deps, 'mailer' | 'logger'>, mail: Mail): void {
  deps.mailer.send(mail).catch((error: unknown) => {
    deps.logger.error({ err: error, kind: mail.kind }, 'mail delivery failed');
  });
}
