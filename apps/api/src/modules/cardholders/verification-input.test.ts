import { DEFAULT_RESTRICTED_COUNTRIES } from '@coincard/shared';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardholderVerifications, sandboxIssuerCardholders } from '../../db/schema/index.js';
import { TEST_IDENTITY, verifyCardholder } from '../../test/card-helpers.js';
import type { CookieJar } from '../../test/cookie-jar.js';
import { countRows } from '../../test/count-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let jar: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  ({ jar } = await t.signUpVerified('kyc-input@example.com'));
});
afterAll(async () => {
  await t.close();
});

/** Nothing kept, nothing queued for the issuer, nothing at the issuer. */
async function nothingWritten() {
  const [kept] = await t.deps.db.select({ n: count() }).from(cardholderVerifications);
  const [atIssuer] = await t.deps.db.select({ n: count() }).from(sandboxIssuerCardholders);
  return (kept?.n ?? 0) === 0 && (atIssuer?.n ?? 0) === 0;
}

const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const address = TEST_IDENTITY.address;

describe('a submission that is not right', () => {
  const cases: Array<[string, unknown, string]> = [
    ['no body fields', {}, 'firstName'],
    ['a name with digits', { ...TEST_IDENTITY, firstName: 'Ada2' }, 'firstName'],
    ['an empty last name', { ...TEST_IDENTITY, lastName: '   ' }, 'lastName'],
    ['a name of 51 letters', { ...TEST_IDENTITY, lastName: 'L'.repeat(51) }, 'lastName'],
    ['a date that does not exist', { ...TEST_IDENTITY, dateOfBirth: '1990-02-30' }, 'dateOfBirth'],
    ['a date in another format', { ...TEST_IDENTITY, dateOfBirth: '10/12/1990' }, 'dateOfBirth'],
    ['someone a day short of 18', { ...TEST_IDENTITY, dateOfBirth: yearsAgo(18, 1) }, 'dateOfBirth'],
    ['a birth in the future', { ...TEST_IDENTITY, dateOfBirth: yearsAgo(-1) }, 'dateOfBirth'],
    ['a phone without its country code', { ...TEST_IDENTITY, phone: '020 7946 0123' }, 'phone'],
    ['a phone with letters', { ...TEST_IDENTITY, phone: '+44 CALL ME' }, 'phone'],
    ['no address', { ...TEST_IDENTITY, address: undefined }, 'address'],
    ['an address without a city', { ...TEST_IDENTITY, address: { ...address, city: '' } }, 'address.city'],
    ['a country that is not a code', { ...TEST_IDENTITY, address: { ...address, country: 'UK' } }, 'address.country'],
    [
      'a postal code of symbols',
      { ...TEST_IDENTITY, address: { ...address, postalCode: '<script>' } },
      'address.postalCode',
    ],
    ['a document type we do not take', { ...TEST_IDENTITY, idType: 'library_card' }, 'idType'],
    ['a document number of 3 characters', { ...TEST_IDENTITY, idNumber: 'A12' }, 'idNumber'],
    ['a document number with symbols', { ...TEST_IDENTITY, idNumber: "P1234'; drop" }, 'idNumber'],
    ['an issuing country in lower case words', { ...TEST_IDENTITY, idCountry: 'england' }, 'idCountry'],
    ['numbers for text', { ...TEST_IDENTITY, firstName: 42, idNumber: 12345678 }, 'firstName'],
  ];

  it.each(cases)('is refused with a 400 naming the field: %s', async (_label, body, field) => {
    const response = await t.request('POST', '/api/cardholder', { jar, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'ValidationError', fields: { [field]: expect.any(String) } });
    expect(await nothingWritten()).toBe(true);
  });

  it('is refused whole when it is not a JSON object', async () => {
    for (const rawBody of ['[]', 'null', '"Ada"', '{"firstName":']) {
      const response = await t.request('POST', '/api/cardholder', {
        jar,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await nothingWritten()).toBe(true);
  });

  it('takes what a person types: spaces in the phone and number, lower-case codes, an empty optional line', async () => {
    const loose = {
      ...TEST_IDENTITY,
      phone: '+44 (20) 7946-0123',
      idNumber: 'p 1234 5678',
      idCountry: 'gb',
      address: { ...address, line2: '', state: '', country: 'gb' },
    };
    const { jar: other } = await t.signUpVerified('kyc-loose@example.com');
    const response = await t.request('POST', '/api/cardholder', { jar: other, body: loose });
    expect(response.statusCode).toBe(202);
    expect(response.json().details).toMatchObject({ country: 'GB', idCountry: 'GB', idNumberLast4: '5678' });
    await t.deps.db.delete(cardholderVerifications);
    await t.deps.db.delete(sandboxIssuerCardholders);
  });
});

describe('restricted countries', () => {
  it('lists the configured countries and their source, for anyone', async () => {
    const response = await t.request('GET', '/api/cardholder/restricted-countries');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      countries: [...DEFAULT_RESTRICTED_COUNTRIES].sort(),
      source: expect.stringMatching(/FATF/),
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      isDefault: true,
    });
  });

  it('refuse a resident, naming the country and the list, before anything is kept or sent', async () => {
    const response = await t.request('POST', '/api/cardholder', {
      jar,
      body: { ...TEST_IDENTITY, address: { ...address, city: 'Tehran', country: 'IR' } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      errorCode: 'RestrictedCountry',
      message: expect.stringMatching(/residents of Iran.*restricted countries.*FATF/),
      fields: { 'address.country': expect.any(String) },
    });
    expect(await nothingWritten()).toBe(true);
    expect(await countRows(t, 'audit_log', sql`action = 'cardholder.restricted_country_refused'`)).toBe(1);
    // A refusal for the country is not an attempt.
    expect((await t.request('GET', '/api/cardholder', { jar })).json()).toMatchObject({
      status: 'not_started',
      attemptsLeft: 5,
    });
  });

  it('refuse a document issued by one, whoever holds it', async () => {
    const response = await t.request('POST', '/api/cardholder', { jar, body: { ...TEST_IDENTITY, idCountry: 'kp' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      errorCode: 'RestrictedCountry',
      message: expect.stringMatching(/documents issued by North Korea/),
      fields: { idCountry: expect.any(String) },
    });
    expect(await nothingWritten()).toBe(true);
  });

  it('stop answering after 20 tries an hour from one account', async () => {
    const { jar: eager } = await t.signUpVerified('kyc-eager@example.com');
    const body = { ...TEST_IDENTITY, idCountry: 'CU' };
    for (let i = 0; i < 20; i += 1) {
      expect((await t.request('POST', '/api/cardholder', { jar: eager, body })).statusCode).toBe(403);
    }
    const limited = await t.request('POST', '/api/cardholder', { jar: eager, body: TEST_IDENTITY });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: 'TooManyRequests' });
    expect(await nothingWritten()).toBe(true);
  });

  it('follow the RESTRICTED_COUNTRIES setting', async () => {
    const other = await createTestApp({ configEnv: { RESTRICTED_COUNTRIES: 'fr, GB' } });
    try {
      const list = (await other.request('GET', '/api/cardholder/restricted-countries')).json();
      expect(list).toMatchObject({ countries: ['FR', 'GB'], isDefault: false });
      const { jar: person } = await other.signUpVerified('kyc-setting@example.com');
      const refused = await other.request('POST', '/api/cardholder', { jar: person, body: TEST_IDENTITY });
      expect(refused.json()).toMatchObject({
        errorCode: 'RestrictedCountry',
        message: expect.stringMatching(/United Kingdom/),
      });
      const iranian = { ...TEST_IDENTITY, address: { ...address, country: 'IR' }, idCountry: 'IR' };
      expect((await other.request('POST', '/api/cardholder', { jar: person, body: iranian })).statusCode).toBe(202);
    } finally {
      await other.close();
    }
  });
});

describe("another user's verification", () => {
  it('is never shown: each user sees only their own', async () => {
    const { jar: ada } = await t.signUpVerified('kyc-ada@example.com');
    expect((await verifyCardholder(t, ada, { idNumber: 'P55554444' })).status).toBe('approved');
    const { jar: eve } = await t.signUpVerified('kyc-eve@example.com');
    const seen = await t.request('GET', '/api/cardholder', { jar: eve });
    expect(seen.json()).toMatchObject({ status: 'not_started', details: null });
    expect(seen.body).not.toMatch(/Lovelace|4444/);
    // Eve's own submission is hers, not a resubmission of Ada's.
    expect((await t.request('POST', '/api/cardholder', { jar: eve, body: TEST_IDENTITY })).statusCode).toBe(202);
    const admin = await t.request('GET', '/api/admin/users/00000000-0000-7000-8000-000000000000/cardholder', {
      jar: eve,
    });
    expect(admin.statusCode).toBe(403);
  });
});
