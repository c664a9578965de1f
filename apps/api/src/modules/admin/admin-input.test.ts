import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureUser } from '../../seed/ensure-users.js';
import { fundedUser, signInAgain } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  await ensureUser(t.deps, { role: 'admin', email: 'input-admin@example.com', password: STRONG_PASSWORD });
  admin = await signInAgain(t, 'input-admin@example.com');
  await fundedUser(t, 'input_user1@example.com', 1000);
});
afterAll(async () => t.close());

/** Odd search terms: wildcards, quotes, escapes, NUL, lone surrogates, upper-case ids, very long and blank ones. */
const TERMS = [
  "'",
  '\\',
  'a\\',
  '%',
  '_',
  '%_%',
  "' or 1=1 --",
  '\u0000',
  'a\u0000b',
  'x'.repeat(200),
  '😀',
  '0190A8C2-1234-7ABC-8DEF-0123456789AB',
  '00000000-0000-0000-0000-000000000000',
  'cc-',
  ' ',
  '\t',
  '[a-z]',
  '(',
  '*',
];

const OTHER_URLS = [
  '/api/admin/audit?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z',
  '/api/admin/audit?from=2026-11-22T00:00:00%2B14:00',
  '/api/admin/audit?from=0001-01-01T00:00:00Z',
  '/api/admin/audit?from=0000-01-01T00:00:00Z',
  '/api/admin/audit?from=0001-01-01T00:00:00%2B14:00',
  '/api/admin/audit?to=9999-12-31T23:59:59Z',
  '/api/admin/audit?to=9999-12-31T23:59:59-14:00',
  '/api/admin/audit?from=2026-02-30T00:00:00Z',
  '/api/admin/audit?page=1000000&pageSize=100',
  '/api/admin/audit?action=%ED%A0%80',
  '/api/user/all?page=1000000&pageSize=100',
  '/api/user/all?search=%ED%A0%80',
  '/api/transactions/all?page=1000000&pageSize=100',
  '/api/admin/stats/dashboard?paidPage=1000000',
  '/api/admin/stats/dashboard?paidPage=1e3',
  '/api/admin/stats/dashboard?paidPage=-1',
  '/api/user/all?pageSize=0',
  '/api/admin/audit?actorId=0190A8C2-1234-7ABC-8DEF-0123456789AB',
  '/api/user/all?search=a&search=b',
  '/api/admin/audit?page=1.5',
  '/api/admin/audit?pageSize=99999',
];

it('answers every odd admin search, filter and page with a 2xx or a readable 4xx, never a 500', async () => {
  const urls = TERMS.flatMap((term) => {
    const q = encodeURIComponent(term);
    return [
      `/api/user/all?search=${q}`,
      `/api/transactions/all?search=${q}`,
      `/api/transactions/all?search=${q}&page=3`,
      `/api/admin/audit?action=${q}`,
    ];
  });
  const answers: string[] = [];
  for (const url of [...urls, ...OTHER_URLS]) {
    const response = await t.request('GET', url, { jar: admin });
    if (response.statusCode >= 500) answers.push(`${response.statusCode} ${url}`);
    else if (response.statusCode >= 400) {
      const message = response.json().message;
      if (typeof message !== 'string' || message.length === 0) answers.push(`no message: ${url}`);
    }
  }
  expect(answers).toEqual([]);
});

it('answers dates outside the years 2000 to 9999 (offsets included) with a readable 400', async () => {
  const cases = [
    ['from', '0000-01-01T00:00:00Z'],
    ['from', '0001-01-01T00:00:00%2B14:00'],
    ['from', '1999-12-31T23:59:59Z'],
    ['to', '9999-12-31T23:59:59-14:00'],
  ];
  for (const [name, value] of cases) {
    const response = await t.request('GET', `/api/admin/audit?${name}=${value}`, { jar: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${name} must be between the years 2000 and 9999.`);
  }
});
