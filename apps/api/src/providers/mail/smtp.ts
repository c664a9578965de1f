import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { type CircuitOptions, createCircuit, OutageError } from '../../lib/circuit-breaker.js';
import { type Mailer, RecipientRefused } from './mailer.js';

/** nodemailer's codes for a server that cannot be reached or talked to (as opposed to one that refuses a mail). */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EPROTOCOL']);

/**
 * Every recipient refused with a 5xx at RCPT TO: this address will never take the mail. A refusal of the sender
 * (MAIL FROM) or of our login is not this: it is our configuration, and every mail would fail the same way.
 */
function isRecipientRefused(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as { code?: string; command?: string; responseCode?: number };
  return code === 'EENVELOPE' && command === 'RCPT TO' && responseCode !== undefined && responseCode >= 500;
}

function isOutage(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as { code?: string; command?: string; responseCode?: number };
  // 4xx from SMTP means "try again later" (a busy server). At RCPT TO it is about that one recipient (greylisting, a
  // full mailbox): retried like any failure, but not counted against the server, or a few such addresses (anyone
  // can sign up with them) would open the breaker and hold every other mail.
  if (command === 'RCPT TO') return false;
  return (code !== undefined && CONNECTION_CODES.has(code)) || (responseCode !== undefined && responseCode < 500);
}

export function createSmtpMailer(options: {
  url: string;
  from: string;
  logger: Logger;
  circuit?: CircuitOptions;
}): Mailer {
  // A mail server that does not answer must not hold a mail job for nodemailer's default two minutes.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const circuit = createCircuit('the mail server', options.circuit);
  return {
    async send(mail, sendOptions = {}) {
      await circuit.run(async () => {
        try {
          await transport.sendMail({
            messageId: sendOptions.messageId,
            from: options.from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
        } catch (error) {
          if (isOutage(error)) throw new OutageError(`the mail server did not take the mail: ${describe(error)}`);
          if (isRecipientRefused(error))
            throw new RecipientRefused(`the mail server refused the recipient: ${describe(error)}`);
          throw error;
        }
      });
      options.logger.info({ kind: mail.kind }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

/** nodemailer's message names the server's answer, never the mail's content. */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
