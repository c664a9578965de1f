import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string; subject: string; text: string; html: string; messageId: string };

/**
 * A real SMTP server inside the tests: the app sends through nodemailer over TCP exactly as in production, and
 * the tests read what arrived.
 */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            mails.push({
              to: to?.value[0]?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  let server = newServer();
  let stopped = false;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.findLast(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No matching mail arrived; got: ${mails.map((m) => `${m.to} "${m.subject}"`).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    /** The newest mail to an address whose subject contains the text, waiting for it to arrive. */
    latest: (to: string, subject: string) =>
      waitFor((mail) => mail.to === to.toLowerCase() && mail.subject.includes(subject)),
    /** Resolves after a moment of quiet, to check that no mail was sent. */
    async settle(ms = 300) {
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** A mail server outage: the port refuses connections until `restart`. */
    async stop() {
      stopped = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    isStopped: () => stopped,
    async restart() {
      stopped = false;
      // The port can be held for a moment by a client socket that happened to get it as its own local port while
      // nothing listened (a TCP self-connect on loopback): try again until it is free.
      for (let attempt = 0; ; attempt += 1) {
        server = newServer();
        const listening = await new Promise<boolean>((resolve) => {
          server.server.once('error', () => resolve(false));
          server.listen(port, '127.0.0.1', () => resolve(true));
        });
        if (listening) return;
        if (attempt >= 60) throw new Error(`the mail server could not listen on ${port} again`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
