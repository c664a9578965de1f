import {
  MAX_PASSKEYS_PER_USER,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type PasskeyOptions,
  PRODUCT_NAME,
} from '@coincard/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { type PasskeyRow, passkeys, type WebauthnPurpose } from '../../../db/schema/index.js';
import type { Deps } from '../../../deps.js';
import { AppError } from '../../../lib/app-error.js';
import { uuidv7 } from '../../../lib/ids.js';
import { type ChallengeBinding, consumeChallenge, issueChallenge } from './webauthn-challenges.js';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. The relying party is APP_URL's host and the only origin accepted is
 * APP_URL's, so a passkey made here answers nowhere else and a page elsewhere cannot use one
 * (docs/decisions/028-passkeys-and-sessions.md).
 */
function relyingParty(deps: Deps) {
  return { rpID: new URL(deps.config.APP_URL).hostname, origin: deps.config.appOrigin, rpName: PRODUCT_NAME };
}

export async function hasPasskeys(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.n ?? 0) > 0;
}

export async function listPasskeys(db: Executor, userId: string): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  }));
}

const refused = (message = 'The passkey could not be checked. Try again.') =>
  new AppError('InvalidCode', message, { fields: { passkey: message } });

/** The challenge a browser echoed in its clientDataJSON (what the ceremony signed). */
function echoedChallenge(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : '';
  } catch {
    return '';
  }
}

/** Options for navigator.credentials.create(): a new passkey for this user, none of the ones it already has. */
export async function registrationOptions(deps: Deps, user: { id: string; email: string }, sessionId: string) {
  const existing = await deps.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw new AppError(
      'ValidationError',
      `An account can have at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one first.`,
    );
  }
  const { rpID, rpName } = relyingParty(deps);
  const challenge = await issueChallenge(deps.db, 'register', { userId: user.id, sessionId }, deps.now());
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    challenge,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    // Discoverable where the authenticator can, so the passkey can also sign in without the password.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return { ...options } satisfies PasskeyOptions;
}

/** Checks a new passkey against the challenge this session was given; answers the row to store (not stored yet). */
export async function verifyNewPasskey(
  deps: Deps,
  tx: Executor,
  input: { userId: string; sessionId: string; name: string; credential: PasskeyAttestation },
): Promise<PasskeyRow> {
  const { rpID, origin } = relyingParty(deps);
  const now = deps.now();
  const challenge = echoedChallenge(input.credential.response.clientDataJSON);
  if (!(await consumeChallenge(tx, challenge, 'register', { userId: input.userId, sessionId: input.sessionId }, now))) {
    throw refused('This passkey prompt has expired. Add the passkey again.');
  }
  const verified = await verifyRegistrationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw refused();
  const { credential, credentialBackedUp } = verified.registrationInfo;
  return {
    id: uuidv7(),
    userId: input.userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? input.credential.response.transports ?? [],
    name: input.name,
    backedUp: credentialBackedUp,
    createdAt: now,
    lastUsedAt: null,
  };
}

/**
 * Options for navigator.credentials.get(). With a user, only that user's passkeys are offered; without (a passwordless
 * sign-in), the browser offers whichever discoverable passkey it holds for this site.
 */
export async function assertionOptions(
  deps: Deps,
  purpose: Exclude<WebauthnPurpose, 'register'>,
  binding: ChallengeBinding,
) {
  const { rpID } = relyingParty(deps);
  const allowed = binding.userId
    ? await deps.db.select().from(passkeys).where(eq(passkeys.userId, binding.userId))
    : [];
  if (binding.userId && allowed.length === 0) {
    throw new AppError('ValidationError', 'This account has no passkey. Use your password or a code instead.');
  }
  const challenge = await issueChallenge(deps.db, purpose, binding, deps.now());
  const options = await generateAuthenticationOptions({
    rpID,
    challenge,
    allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: row.transports })),
    // Signing in without the password, the passkey is both factors: it must check the person (PIN, fingerprint).
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
  });
  return { ...options } satisfies PasskeyOptions;
}

/**
 * Checks a passkey's answer to a challenge issued for this purpose and binding, checks and moves its signature
 * counter, and answers the passkey (whose user it is). `userId` given: only that user's passkeys are accepted.
 */
export async function verifyPasskeyAssertion(
  deps: Deps,
  input: { credential: PasskeyAssertion; purpose: Exclude<WebauthnPurpose, 'register'>; binding: ChallengeBinding },
): Promise<PasskeyRow> {
  const { rpID, origin } = relyingParty(deps);
  const now = deps.now();
  const [row] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, input.credential.id));
  const expectedUser = input.binding.userId;
  if (!row || (expectedUser && row.userId !== expectedUser))
    throw refused('This passkey is not registered to this account.');
  // A discoverable passkey names its user; it must be the passkey's owner, whatever the credential id says.
  const handle = input.credential.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== row.userId) throw refused();
  const challenge = echoedChallenge(input.credential.response.clientDataJSON);
  if (!(await consumeChallenge(deps.db, challenge, input.purpose, input.binding, now))) {
    throw refused('This passkey prompt has expired. Try again.');
  }
  const verified = await verifyAuthenticationResponse({
    response: input.credential,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: row.transports,
    },
    requireUserVerification: input.purpose === 'sign_in',
  }).catch(() => null);
  if (!verified?.verified) throw refused();
  // Conditional on the counter read: two answers with the same counter (a cloned authenticator) cannot both pass.
  const [moved] = await deps.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning({ id: passkeys.id });
  if (!moved) throw refused();
  return row;
}
