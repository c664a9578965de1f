import { describe, expect, it } from 'vitest';
import { createTestApp, STRONG_PASSWORD } from '../../test/test-app.js';

describe('development outbox', () => {
  it('keeps mails for the dev page when there is no SMTP server, and prints their links', async () => {
    const logLines: string[] = [];
    const t = await createTestApp({ useDevOutbox: true, logLines });
    try {
      await t.request('POST', '/api/auth/register', {
        body: { email: 'outbox@example.com', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      });
      let mails: Array<{ to: string; subject: string; text: string }> = [];
      for (let i = 0; i < 20 && mails.length === 0; i += 1) {
        mails = (await t.request('GET', '/api/dev/outbox?to=outbox@example.com')).json().mails;
        if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('Verify your e-mail');
      const link = mails[0]?.text.match(/http:\/\/\S+\/email\/verify\/\S+/)?.[0] ?? '';
      expect(logLines.join('\n')).toContain(link);
      expect((await t.request('GET', new URL(link).pathname.replace('/email', '/api/auth/email'))).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });

  it('does not exist unless enabled', async () => {
    const t = await createTestApp();
    try {
      expect((await t.request('GET', '/api/dev/outbox')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
