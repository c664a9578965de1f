import type { CookieJar } from './cookie-jar.js';
import type { TestApp } from './test-app.js';

/**
 * Signs in and, when the account asks for the mailed code (every admin does), reads it from the captured mail and
 * finishes the 2FA step, as the person would. Answers the login response.
 */
export async function signInThroughTwoFactor(t: TestApp, jar: CookieJar, email: string, password: string) {
  const seen = new Set(t.smtp.mails);
  const response = await t.request('POST', '/api/auth/login', { jar, body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const body = response.json();
  if (!body.isTwoFactorRequired) return response;
  const mail = await t.smtp.waitFor(
    (m) => !seen.has(m) && m.to === email.toLowerCase() && m.subject.includes('Your sign-in code'),
  );
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const verified = await t.request('POST', '/api/auth/2fa/verify', { jar, body: { code, userId: body.userId } });
  if (verified.statusCode !== 200) throw new Error(`2FA failed: ${verified.body}`);
  return response;
}
