import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { IssuerError } from '../../providers/issuing/card-issuer.js';
import { settleIssuer, TEST_IDENTITY } from '../../test/card-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { openDetails } from './identity-details.js';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logLines });
});
afterAll(async () => {
  await t.close();
});

const ID_NUMBER = 'PZ9081726';
const BIRTH_DATE = '1987-06-05';
const identity = { ...TEST_IDENTITY, idNumber: ID_NUMBER, dateOfBirth: BIRTH_DATE };

/** Every row of a table as the database holds it, as one text. */
const rawTable = async (table: string) =>
  JSON.stringify(await executeRows(t.deps.db, sql.raw(`select t::text as row from ${table} t`)));

/** Anywhere the app keeps things: our tables, the sandbox issuer's, the job queue, the log. */
async function everywhere() {
  const tables = [
    'cardholder_verifications',
    'audit_log',
    'provider_events',
    'sandbox_issuer_cardholders',
    'sandbox_issuer_webhooks',
    'users',
    'mail_outbox',
  ];
  const rows = await Promise.all(tables.map(rawTable));
  const jobs = JSON.stringify(await executeRows(t.deps.db, sql.raw('select data::text from pgboss.job')));
  return [...rows, jobs, logLines.join('\n')].join('\n');
}

describe('identity fields', () => {
  it('are sealed at rest while they wait for the issuer, and never sit in clear anywhere', async () => {
    const real = t.deps.issuer.registerCardholder;
    t.deps.issuer.registerCardholder = async () => {
      throw new IssuerError('unavailable', 'issuer down');
    };
    const { jar } = await t.signUpVerified('sealed@example.com');
    try {
      expect((await t.request('POST', '/api/cardholder', { jar, body: identity })).statusCode).toBe(202);
      const [row] = await executeRows<{ raw: string; sealed: string }>(
        t.deps.db,
        sql`select v::text as raw, details_sealed as sealed from cardholder_verifications v`,
      );
      expect(row?.sealed).toMatch(/^k[0-9a-f]+:[A-Za-z0-9+/=]+$/);
      expect(row?.raw).not.toContain(ID_NUMBER);
      expect(row?.raw).not.toContain(BIRTH_DATE);
      expect(row?.raw).not.toContain('7946');
      // Sealed under its own purpose: the key of another purpose does not open it.
      expect(openDetails(t.deps.identityBox, row?.sealed ?? '')).toMatchObject({ idNumber: ID_NUMBER });
      expect(() => t.deps.pinBox.open(row?.sealed ?? '')).toThrow();
      const seen = await everywhere();
      expect(seen).not.toContain(ID_NUMBER);
      expect(seen).not.toContain(BIRTH_DATE);
    } finally {
      t.deps.issuer.registerCardholder = real;
    }
  });

  it('are dropped from our side once the issuer holds them, leaving the masked summary and the decision', async () => {
    await t.runJobs({ waitsOver: true });
    const [sent] = await executeRows<{ sealed: string | null; holder: string | null; summary: unknown }>(
      t.deps.db,
      sql`select details_sealed as sealed, issuer_cardholder_id as holder, summary from cardholder_verifications`,
    );
    expect(sent).toMatchObject({ sealed: null, holder: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(sent?.summary).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthYear: 1987,
      country: 'GB',
      idType: 'passport',
      idCountry: 'GB',
      idNumberLast4: '1726',
    });
    await settleIssuer(t);
    const [decided] = await executeRows<{ status: string; sealed: string | null }>(
      t.deps.db,
      sql`select status, details_sealed as sealed from cardholder_verifications`,
    );
    expect(decided).toEqual({ status: 'approved', sealed: null });
    // The whole way through: the issuer's books (sealed), its webhooks, the stored events, the audit, mail and log.
    const seen = await everywhere();
    expect(seen).not.toContain(ID_NUMBER);
    expect(seen).not.toContain(BIRTH_DATE);
  });

  it('cannot be kept sealed once the issuer has them: the database refuses it', async () => {
    const refused = await executeRows(
      t.deps.db,
      sql`update cardholder_verifications set details_sealed = 'x:y' where status = 'approved'`,
    ).catch((error: unknown) => error);
    expect(String((refused as Error).cause ?? refused)).toMatch(/cardholder_verifications_sealed_check/);
  });

  it('stay out of the log even when a record holding them is logged', () => {
    t.deps.logger.info({ body: identity, registration: { id_no: ID_NUMBER, date_of_birth: BIRTH_DATE } }, 'probe');
    const line = logLines.find((entry) => entry.includes('"probe"')) ?? '';
    expect(line).toContain('[redacted]');
    expect(line).not.toContain(ID_NUMBER);
    expect(line).not.toContain(BIRTH_DATE);
  });
});
