import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer } from './mailer.js';

export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      options.logger.info({ kind: mail.kind }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}
