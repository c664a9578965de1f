import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';
import type { Mailer } from './mailer.js';

/**
 * The development outbox: mails are stored for the dev-only outbox page and their links are printed, so a
 * newcomer can sign up without any mail server. Never used when SMTP_URL is set.
 */
export function createOutboxMailer(options: { db: Database; logger: Logger }): Mailer {
  return {
    async send(mail) {
      await options.db.insert(mailOutbox).values({ id: uuidv7(), ...mail });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info({ kind: mail.kind, links }, `dev outbox: "${mail.subject}" for ${mail.to}`);
    },
    async close() {},
  };
}
