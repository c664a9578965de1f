import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema/index.js';
import { secretDerived } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { keyedHash } from '../../lib/keys.js';
import { enrolAuthenticator, signInWithAuthenticator } from '../../test/authenticator.js';
import { CookieJar } from '../../test/cookie-jar.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { resealSecrets } from './reseal-secrets.js';

// Issue 17, finding 9: the keyring kept one previous secret and nothing re-sealed, so a second rotation of
// SESSION_SECRET made every authenticator secret sealed under the first unreadable. Now any number of previous
// secrets are kept and the reseal-secrets job moves everything sealed under them to the current one.

const A = 'first-session-secret-Zq3v9K_lP0x-T7mWc2Rb8Y';
const B = 'second-session-secret-hN4uJd6FsA1eGk5oIyQtE';
const C = 'third-session-secret-8YhN4uJd6Fs-A1eGk5oIyQ';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ configEnv: { SESSION_SECRET: A } });
});
afterAll(async () => {
  await t.close();
});

/** A restart with these secrets (current first), as buildDeps derives them at start-up. */
const restartWith = (...secrets: string[]) => Object.assign(t.deps, secretDerived(secrets));

/** Which keys the sealed authenticator secrets and recovery codes are under, by key id. */
async function sealedKeyIds() {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await executeRows<{ key_id: string }>(t.deps.db, query)).map((row) => row.key_id);
  return {
    secrets: await ids(sql`select distinct split_part(secret_sealed, ':', 1) as key_id from totp_credentials`),
    codes: await ids(sql`select distinct split_part(code_sealed, ':', 1) as key_id from recovery_codes`),
  };
}

describe('rotating SESSION_SECRET twice (A, then B, then C with only C and B configured)', () => {
  it("keeps everyone's authenticator working, recovery codes included", async () => {
    const first = await t.signUpVerified('rotated-twice@example.com');
    const underA = await enrolAuthenticator(t, first.jar);

    restartWith(B, A);
    await t.runSchedules('reseal-secrets');
    const second = await t.signUpVerified('rotated-once@example.com');
    const underB = await enrolAuthenticator(t, second.jar);

    restartWith(C, B);
    await t.runSchedules('reseal-secrets');
    expect(await sealedKeyIds()).toEqual({
      secrets: [t.deps.keys.totpSecrets.currentKeyId],
      codes: [t.deps.keys.recoveryCodeBox.currentKeyId],
    });

    expect(
      (await signInWithAuthenticator(t, new CookieJar(), 'rotated-twice@example.com', underA.next())).statusCode,
    ).toBe(200);
    expect(
      (await signInWithAuthenticator(t, new CookieJar(), 'rotated-once@example.com', underB.next())).statusCode,
    ).toBe(200);
    const recovery = await signInWithAuthenticator(
      t,
      new CookieJar(),
      'rotated-twice@example.com',
      underA.recoveryCodes[0] ?? '',
    );
    expect(recovery.statusCode).toBe(200);
  });

  it('re-seals a queued mail, so it is delivered after both rotations', async () => {
    restartWith(A);
    await t.deps.jobs.enqueue(t.deps.db, 'mail', {
      sealed: t.deps.jobBox.seal(JSON.stringify(t.deps.mail.stepUpCode('queued@example.com', '424242'))),
    });
    restartWith(B, A);
    expect((await resealSecrets(t.deps))['queued job payloads']).toEqual({ resealed: 1, unreadable: 0 });
    restartWith(C, B);
    expect((await resealSecrets(t.deps))['queued job payloads']).toEqual({ resealed: 1, unreadable: 0 });
    await t.runJobs();
    expect((await t.smtp.latest('queued@example.com', 'Your security code')).text).toContain('424242');
  });

  it('reports what a secret no longer configured sealed, and changes nothing', async () => {
    restartWith(A);
    const lost = await t.signUpVerified('sealed-under-lost@example.com');
    await enrolAuthenticator(t, lost.jar);
    restartWith(C, B);
    const report = await resealSecrets(t.deps);
    expect(report['authenticator secrets']).toEqual({ resealed: 0, unreadable: 1 });
    expect(report['recovery codes']).toEqual({ resealed: 0, unreadable: 10 });
  });
});

describe('recovery codes from before they were sealed', () => {
  it('still work as keyed hashes while their secret is configured', async () => {
    restartWith(B);
    const { jar, user } = await t.signUpVerified('legacy-codes@example.com');
    await enrolAuthenticator(t, jar);
    // What an earlier release stored: "<keyId>:<HMAC>" under the recovery-code key.
    const key = t.deps.keys.recoveryCodes.current;
    await t.deps.db.insert(recoveryCodes).values({
      id: uuidv7(),
      userId: user._id,
      codeHash: `${key.id}:${keyedHash(key.key, `recovery:${user._id}:abcdefghjk`)}`,
      createdAt: t.deps.now(),
    });
    restartWith(C, B);
    expect(
      (await signInWithAuthenticator(t, new CookieJar(), 'legacy-codes@example.com', 'ABCDE-FGHJK')).statusCode,
    ).toBe(200);
  });
});
