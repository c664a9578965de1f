import type { PasskeyAssertion } from '@coincard/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeCodes, users } from '../../../db/schema/index.js';
import type { Deps, RequestContext } from '../../../deps.js';
import { AppError } from '../../../lib/app-error.js';
import { safeEqual, sha256 } from '../../../lib/crypto.js';
import { limitedAddress } from '../../../lib/ip-networks.js';
import { hitRateLimit, RATE_RULES } from '../../../lib/rate-limit.js';
import { audit } from '../../audit/audit.js';
import { finishTwoFactorSignIn, TWO_FACTOR_EXPIRED } from '../auth.service.js';
import { verifyOtp } from '../one-time-codes.service.js';
import { openSession, type SignInContext } from '../sign-in.js';
import { assertionOptions, verifyPasskeyAssertion } from './passkeys.service.js';

/**
 * Signing in with a passkey and no password. Sound because the passkey must check the person (user verification:
 * a PIN, fingerprint or face on the device), so it is something held and something known or been at once, and it
 * answers only this site's origin, so it cannot be phished (docs/decisions/028-passkeys-and-sessions.md).
 */
export async function signInWithPasskey(deps: Deps, credential: PasskeyAssertion, ctx: SignInContext) {
  await hitRateLimit(deps.db, RATE_RULES.loginIp, limitedAddress(ctx.ip), deps.now());
  let passkey: Awaited<ReturnType<typeof verifyPasskeyAssertion>>;
  try {
    passkey = await verifyPasskeyAssertion(deps, { credential, purpose: 'sign_in', binding: {} });
  } catch (error) {
    await audit(deps.db, { action: 'auth.login_failed', ip: ctx.ip, details: { passkey: true } });
    throw error;
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, passkey.userId));
  if (!user) throw new AppError('InvalidCredentials', 'This passkey is not registered.');
  if (user.suspended) {
    await audit(deps.db, { action: 'auth.login_refused_suspended', targetUserId: user.id, ip: ctx.ip });
    throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  }
  return deps.db.transaction((tx) =>
    openSession(deps, tx, user, ctx, { action: 'auth.login', details: { passkey: passkey.id, passwordless: true } }),
  );
}

/** The sign-in's open two-factor challenge, held by this browser (the cookie set at the password step). */
async function openChallenge(deps: Deps, userId: string, challenge: string | undefined) {
  const [row] = await deps.db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, 'two_factor'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, deps.now()),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const challengeHash = row?.payload?.challengeHash;
  if (!row || !challengeHash || !safeEqual(challengeHash, sha256(challenge ?? ''))) {
    throw new AppError('InvalidCode', TWO_FACTOR_EXPIRED);
  }
  return challengeHash;
}

/** At the 2FA step: a prompt for the account's passkeys, bound to this sign-in's challenge. */
export async function passkeySecondFactorOptions(
  deps: Deps,
  input: { userId: string; challenge: string | undefined },
  ctx: RequestContext,
) {
  const userId = input.userId.toLowerCase();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorIp, limitedAddress(ctx.ip), deps.now());
  const bindingHash = await openChallenge(deps, userId, input.challenge);
  return assertionOptions(deps, 'second_factor', { userId, bindingHash });
}

/**
 * Finishes a sign-in with a passkey as the second factor. Counted exactly like a code (docs/decisions/014): the
 * address, and the sign-in challenge's tries once the challenge matched.
 */
export async function passkeySecondFactor(
  deps: Deps,
  input: { userId: string; credential: PasskeyAssertion; challenge: string | undefined },
  ctx: SignInContext,
) {
  const now = deps.now();
  const userId = input.userId.toLowerCase();
  await hitRateLimit(deps.db, RATE_RULES.twoFactorIp, limitedAddress(ctx.ip), now);
  const bindingHash = sha256(input.challenge ?? '');
  try {
    await verifyOtp(deps.db, {
      userId,
      // Not a code: the mailed code's hash never matches it, so the passkey below is what is checked.
      code: 'passkey',
      challenge: input.challenge ?? '',
      purpose: 'two_factor',
      now,
      secret: deps.keys.oneTimeCodes,
      expiredMessage: TWO_FACTOR_EXPIRED,
      onChallengeAccepted: () => hitRateLimit(deps.db, RATE_RULES.twoFactorAccount, userId, now),
      alsoAccept: async () => {
        await verifyPasskeyAssertion(deps, {
          credential: input.credential,
          purpose: 'second_factor',
          binding: { userId, bindingHash },
        });
        return true;
      },
    });
  } catch (error) {
    await audit(deps.db, { action: 'auth.two_factor_failed', ip: ctx.ip, details: { userId, passkey: true } });
    throw error;
  }
  return finishTwoFactorSignIn(deps, userId, ctx, { twoFactor: true, passkey: true });
}
