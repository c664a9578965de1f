import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { FailedForGood, type JobHandler } from '../../jobs/engine.js';
import { type Mail, type MailKind, RecipientRefused } from './mailer.js';

const queuedMail = z.object({
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/**
 * Queues a mail in the caller's transaction: it goes out only if the change that sends it is committed, and it is
 * retried until the mail server takes it. Mails carry sign-in codes and reset links, so the job holds them sealed.
 */
export async function enqueueMail(deps: Pick<Deps, 'jobs' | 'jobBox'>, executor: Executor, mail: Mail): Promise<void> {
  await deps.jobs.enqueue(executor, 'mail', { sealed: deps.jobBox.seal(JSON.stringify(mail)) });
}

/**
 * The mail queue's handler: hands one mail to the mailer (SMTP or the dev outbox); a failure is retried. The job's id
 * is the mail's Message-ID, the same on every try.
 */
export const deliverMail: JobHandler<'mail'> = async (deps, data, job) => {
  const mail = queuedMail.parse(JSON.parse(deps.jobBox.open(data.sealed)));
  const host = new URL(deps.config.APP_URL).hostname;
  try {
    await deps.mailer.send({ ...mail, kind: mail.kind as MailKind }, { messageId: `<${job.id}@${host}>` });
  } catch (error) {
    // An address that does not exist stays so: a dead letter now, rather than an hour of tries against the server.
    if (error instanceof RecipientRefused) throw new FailedForGood(error.message);
    throw error;
  }
};
