import type { CookieJar } from './cookie-jar.js';
import { STRONG_PASSWORD, type TestApp } from './test-app.js';

/** Steps this session up with the password (POST /api/auth/step-up), as the card page's prompt does. */
export async function stepUp(
  t: TestApp,
  jar: CookieJar,
  body: Record<string, unknown> = { password: STRONG_PASSWORD },
) {
  const response = await t.request('POST', '/api/auth/step-up', { jar, body });
  if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.body}`);
  return response;
}
