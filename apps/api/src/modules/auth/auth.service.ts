import {
  type LoginResponse,
  OTP_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  type TwoFactorMethod,
  VERIFICATION_TTL_MS,
  type VerifyEmailResponse,
} from '@coincard/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { uuidv7 } from '../../lib/ids.js';
import { limitedAddress } from '../../lib/ip-networks.js';
import { claimLoginAttempt, clearLoginFailures } from '../../lib/login-delay.js';
import { hitRateLimit, RATE_RULES, tryRateLimit } from '../../lib/rate-limit.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { audit } from '../audit/audit.js';
import { recordReferralAtVerification } from '../referrals/referral-rewards.service.js';
import { afterCredentialChange } from './credential-change.js';
import { consumeLinkCode, issueLinkCode, issueOtp, verifyOtp, voidOpenCodes } from './one-time-codes.service.js';
import { hasPasskeys } from './passkeys/passkeys.service.js';
import { assertNotCommonPassword, hashPassword, verifyPassword } from './passwords.js';
import { createSession } from './sessions.service.js';
import { openSession, type SignInContext } from './sign-in.js';
import { acceptSecondFactorCode, isTotpEnabled } from './totp/totp-codes.js';

export const REGISTER_MESSAGE = 'Check your email: we sent a verification link to the address you entered.';
export const FORGOT_MESSAGE = 'Email sent! Check your inbox for further instructions.';
export const TWO_FACTOR_EXPIRED = 'This code has expired or was used too many times. Sign in again to get a new code.';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}

async function sendVerification(deps: Deps, user: UserRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { code } = await issueLinkCode(tx, {
      userId: user.id,
      purpose: 'verify_email',
      ttlMs: VERIFICATION_TTL_MS,
      now: deps.now(),
    });
    await enqueueMail(deps, tx, deps.mail.verification(user.email, code));
  });
}

const signUpRequest = z.object({
  userId: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  referredBy: z.string().nullable(),
  ip: z.string(),
});
type SignUpRequest = z.infer<typeof signUpRequest>;

/**
 * A sign-up does the same work whether the address is new or taken: the limit, the strength check, the hash, and
 * one queued job, written before the answer. The job then creates the account or tells the address's owner, so the
 * answer's time cannot tell the two apart and a crash after the answer loses nothing
 * (docs/decisions/013-step-up-and-sessions.md, 025-job-engine-and-outbox.md).
 */
export async function register(
  deps: Deps,
  input: { email: string; password: string; referredBy?: string | undefined },
  ctx: RequestContext,
): Promise<void> {
  await hitRateLimit(deps.db, RATE_RULES.registerIp, limitedAddress(ctx.ip), deps.now());
  assertNotCommonPassword(input.password, 'password');
  const request: SignUpRequest = {
    // Chosen now, so a job that runs twice recognises the account it already made.
    userId: uuidv7(),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    referredBy: input.referredBy || null,
    ip: ctx.ip,
  };
  await deps.jobs.enqueue(deps.db, 'sign-up', { sealed: deps.jobBox.seal(JSON.stringify(request)) });
}

/** The sign-up queue's handler: the account and its verification mail, or a notice to the address's owner. */
export const completeSignUp: JobHandler<'sign-up'> = async (deps, data) => {
  const request = signUpRequest.parse(JSON.parse(deps.jobBox.open(data.sealed)));
  const existing = await findUserByEmail(deps.db, request.email);
  if (existing?.id === request.userId) return;
  if (existing) return notifyExistingAccount(deps, existing, request.ip);
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: request.userId,
        email: request.email,
        passwordHash: request.passwordHash,
        referredByCode: request.referredBy,
        createdAt: now,
        updatedAt: now,
      });
      await audit(tx, {
        action: 'auth.register',
        targetUserId: request.userId,
        ip: request.ip,
        details: { referred: Boolean(request.referredBy) },
      });
      const { code } = await issueLinkCode(tx, {
        userId: request.userId,
        purpose: 'verify_email',
        ttlMs: VERIFICATION_TTL_MS,
        now,
      });
      await enqueueMail(deps, tx, deps.mail.verification(request.email, code));
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index lets one through.
    const raced = await findUserByEmail(deps.db, request.email);
    if (!raced) throw error;
    if (raced.id !== request.userId) await notifyExistingAccount(deps, raced, request.ip);
  }
};

async function notifyExistingAccount(deps: Deps, user: UserRow, ip: string) {
  await deps.db.transaction(async (tx) => {
    await audit(tx, { action: 'auth.register_existing_email', targetUserId: user.id, ip });
    if (await tryRateLimit(tx, RATE_RULES.verificationResend, user.id, deps.now())) {
      await enqueueMail(deps, tx, deps.mail.existingAccount(user.email));
    }
  });
}

/**
 * Who the browser opening a verification link already is, and whether the request may start a session at all: only
 * a fetch from the app's own page may (a link opened straight at the API, from another site, must not set cookies).
 */
export type VerificationVisitor = { signedIn: { userId: string; email: string } | null; mayStartSession: boolean };

/**
 * Verifies the address, and signs the visitor in to it only when that replaces nobody: a browser already signed in to
 * another account stays signed in to it (a link from someone else must not swap the session under its owner: the
 * owner's top-ups would credit the sender), and is told so. A browser signed in to this same account keeps its
 * session.
 */
export async function verifyEmail(
  deps: Deps,
  code: string,
  ctx: RequestContext,
  visitor: VerificationVisitor,
): Promise<{ tokens: Awaited<ReturnType<typeof createSession>> | null; response: VerifyEmailResponse }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeLinkCode(tx, 'verify_email', code, now);
    if (!consumed) throw new AppError('InvalidCode', 'This verification link is invalid, expired or already used.');
    const [user] = await tx
      .update(users)
      .set({ verified: true, updatedAt: now })
      .where(eq(users.id, consumed.userId))
      .returning();
    if (!user) throw new AppError('InvalidCode', 'This verification link is invalid, expired or already used.');
    if (user.suspended) throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
    const referral = await recordReferralAtVerification(tx, deps, user);
    const other = visitor.signedIn && visitor.signedIn.userId !== user.id ? visitor.signedIn : null;
    const startsSession = !visitor.signedIn && visitor.mayStartSession;
    await audit(tx, {
      action: 'auth.email_verified',
      targetUserId: user.id,
      ip: ctx.ip,
      details: {
        ...referral,
        ...(other ? { otherAccountKept: true } : {}),
        ...(startsSession ? {} : { signedIn: false }),
      },
    });
    if (other) {
      return {
        tokens: null,
        response: {
          message: `This e-mail address is verified. You are still signed in as ${other.email}: sign out and sign in with the verified address to use that account.`,
          referral,
          signedIn: false,
          otherAccountEmail: other.email,
        },
      };
    }
    if (!startsSession) {
      return {
        tokens: null,
        response: {
          message: visitor.signedIn
            ? 'Your e-mail is verified. Welcome to CoinCard!'
            : 'Your e-mail is verified. Sign in to continue.',
          referral,
          signedIn: Boolean(visitor.signedIn),
          ...(visitor.signedIn ? { email: user.email } : {}),
        },
      };
    }
    const tokens = await createSession(deps, tx, user.id, ctx);
    return {
      tokens,
      response: {
        message: 'Your e-mail is verified. Welcome to CoinCard!',
        referral,
        signedIn: true,
        email: user.email,
      },
    };
  });
}

export type LoginOutcome =
  | { kind: 'session'; userId: string; tokens: Awaited<ReturnType<typeof createSession>> }
  /** `challenge` goes to the browser in an httpOnly cookie: only the browser that logged in may try codes. */
  | { kind: 'two-factor'; userId: string; challenge: string; methods: TwoFactorMethod[] };

export async function login(
  deps: Deps,
  input: { email: string; password: string },
  ctx: SignInContext,
): Promise<LoginOutcome> {
  const now = deps.now();
  // The guesser's address pays first; the account only slows down (a hard lock would lock its owner out too).
  await hitRateLimit(deps.db, RATE_RULES.loginIp, limitedAddress(ctx.ip), now);
  await hitRateLimit(deps.db, RATE_RULES.loginIpAccount, `${limitedAddress(ctx.ip)}:${input.email.toLowerCase()}`, now);
  const user = await findUserByEmail(deps.db, input.email);
  // A browser that signed in to this account before is never held by the account's delay: the delay is there to slow
  // strangers spreading guesses, and letting it refuse the owner's own device handed them a way to keep the owner out.
  if (!(user && ctx.isKnownDevice(user.id))) await claimLoginAttempt(deps.db, input.email, now);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    await audit(deps.db, { action: 'auth.login_failed', targetUserId: user?.id ?? null, ip: ctx.ip });
    throw new AppError('InvalidCredentials', 'Incorrect e-mail or password.');
  }
  await clearLoginFailures(deps.db, input.email);
  if (user.suspended) {
    await audit(deps.db, { action: 'auth.login_refused_suspended', targetUserId: user.id, ip: ctx.ip });
    throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  }
  if (!user.verified) {
    if (await tryRateLimit(deps.db, RATE_RULES.verificationResend, user.id, now)) await sendVerification(deps, user);
    throw new AppError(
      'EmailNotVerified',
      'Please verify your e-mail first. We have sent you a new verification link.',
    );
  }
  const totp = await isTotpEnabled(deps.db, user.id);
  const passkey = await hasPasskeys(deps.db, user.id);
  if (user.twoFactorEnabled || totp || passkey) {
    const challenge = randomToken();
    const methods: TwoFactorMethod[] = [];
    if (totp) methods.push('totp');
    if (passkey) methods.push('passkey');
    if (user.twoFactorEnabled) methods.push('email');
    await deps.db.transaction(async (tx) => {
      const code = await issueOtp(tx, {
        userId: user.id,
        purpose: 'two_factor',
        ttlMs: OTP_TTL_MS,
        now,
        secret: deps.keys.oneTimeCodes,
        payload: { challengeHash: sha256(challenge) },
      });
      // With the authenticator or a passkey, that is asked for; the mailed code only when the user asks (2fa/email).
      if (!totp && !passkey) {
        await enqueueMail(deps, tx, deps.mail.twoFactorCode(user.email, code));
        await audit(tx, { action: 'auth.two_factor_sent', targetUserId: user.id, ip: ctx.ip });
      }
    });
    return { kind: 'two-factor', userId: user.id, challenge, methods };
  }
  const tokens = await deps.db.transaction((tx) => openSession(deps, tx, user, ctx, { action: 'auth.login' }));
  return { kind: 'session', userId: user.id, tokens };
}

export function loginResponse(outcome: LoginOutcome): LoginResponse {
  if (outcome.kind !== 'two-factor')
    return { isTwoFactorRequired: false, userId: outcome.userId, message: 'Signed in.' };
  return {
    isTwoFactorRequired: true,
    userId: outcome.userId,
    message: outcome.methods.includes('totp')
      ? 'Enter the 6-digit code from your authenticator app.'
      : outcome.methods.includes('passkey')
        ? 'Confirm with your passkey.'
        : 'We sent a 6-digit code to your e-mail.',
    twoFactorMethods: outcome.methods,
  };
}

export async function verifyTwoFactor(
  deps: Deps,
  input: { code: string; userId: string; challenge: string | undefined },
  ctx: SignInContext,
) {
  const now = deps.now();
  // The user id is public (it is the referral code), so it is normalised and never enough on its own.
  const userId = input.userId.toLowerCase();
  // Guesses count against the address and the sign-in's challenge (its code's tries), never against the user alone:
  // a request without the challenge is refused before anything of the user's is counted.
  await hitRateLimit(deps.db, RATE_RULES.twoFactorIp, limitedAddress(ctx.ip), now);
  try {
    await verifyOtp(deps.db, {
      userId,
      code: input.code,
      challenge: input.challenge ?? '',
      purpose: 'two_factor',
      now,
      secret: deps.keys.oneTimeCodes,
      expiredMessage: TWO_FACTOR_EXPIRED,
      // Holding the challenge proves the password: only then may a try use up the account's share of guesses.
      onChallengeAccepted: () => hitRateLimit(deps.db, RATE_RULES.twoFactorAccount, userId, now),
      alsoAccept: async (code) => (await acceptSecondFactorCode(deps, deps.db, userId, code, ctx)) !== null,
    });
  } catch (error) {
    await audit(deps.db, { action: 'auth.two_factor_failed', ip: ctx.ip, details: { userId } });
    throw error;
  }
  return finishTwoFactorSignIn(deps, userId, ctx, { twoFactor: true });
}

/** The session at the end of a second-factor step, once the factor was accepted. */
export async function finishTwoFactorSignIn(
  deps: Deps,
  userId: string,
  ctx: SignInContext,
  details: Record<string, unknown>,
) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('InvalidCode', TWO_FACTOR_EXPIRED);
  if (user.suspended) throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  return deps.db.transaction((tx) => openSession(deps, tx, user, ctx, { action: 'auth.login', details }));
}

const resetRequest = z.object({ email: z.string(), ip: z.string() });

/**
 * The answer never depends on whether the account exists: every request queues the same sealed job, and the job
 * looks the address up and mails the link.
 */
export async function forgotPassword(deps: Deps, email: string, ctx: RequestContext): Promise<void> {
  await hitRateLimit(deps.db, RATE_RULES.forgotIp, limitedAddress(ctx.ip), deps.now());
  const request: z.infer<typeof resetRequest> = { email, ip: ctx.ip };
  await deps.jobs.enqueue(deps.db, 'password-reset', { sealed: deps.jobBox.seal(JSON.stringify(request)) });
}

/** The password-reset queue's handler: a link for a real, unsuspended account, within its own limit. */
export const issuePasswordReset: JobHandler<'password-reset'> = async (deps, data) => {
  const { email, ip } = resetRequest.parse(JSON.parse(deps.jobBox.open(data.sealed)));
  const now = deps.now();
  const user = await findUserByEmail(deps.db, email);
  // The per-account limit stays silent: a 429 only for real accounts would tell who has one.
  if (!user || user.suspended) return;
  await deps.db.transaction(async (tx) => {
    if (!(await tryRateLimit(tx, RATE_RULES.forgotAccount, email, now))) return;
    const { code, expiresAt } = await issueLinkCode(tx, {
      userId: user.id,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MS,
      now,
    });
    await audit(tx, { action: 'auth.password_reset_requested', targetUserId: user.id, ip });
    await enqueueMail(deps, tx, deps.mail.passwordReset(user.email, code, expiresAt.getTime()));
  });
};

/** Answers the account's id, so the route can mark this browser as the owner's (the link proved the inbox). */
export async function resetPassword(
  deps: Deps,
  input: { password: string; verificationCode: string },
  ctx: RequestContext,
): Promise<string> {
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeLinkCode(tx, 'password_reset', input.verificationCode, now);
    if (!consumed)
      throw new AppError('InvalidCode', 'This reset link is invalid, expired or already used. Request a new link.');
    const [before] = await tx.select().from(users).where(eq(users.id, consumed.userId)).for('update');
    // A link sent before the account was suspended: refused like every other way in (nothing changes).
    if (before?.suspended) throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
    // The link reached the inbox, so the address is proven: an unverified account becomes verified, exactly as
    // the verification link would have made it (its referral judged now, that link void).
    const [user] = await tx
      .update(users)
      .set({ passwordHash, verified: true, updatedAt: now })
      .where(eq(users.id, consumed.userId))
      .returning();
    if (user && before && !before.verified) {
      await voidOpenCodes(tx, user.id, 'verify_email', now);
      const referral = await recordReferralAtVerification(tx, deps, user, { byPasswordReset: true });
      await audit(tx, { action: 'auth.email_verified', targetUserId: user.id, ip: ctx.ip, details: referral });
    }
    // Every session ends (whoever holds one may be the reason for the reset) and every other open code is void.
    await afterCredentialChange(tx, { userId: consumed.userId, reason: 'password_reset', now });
    // Whoever kept the account's sign-in delay running has no say once the inbox's owner set a new password.
    if (user) await clearLoginFailures(tx, user.email);
    await audit(tx, { action: 'auth.password_reset', targetUserId: consumed.userId, ip: ctx.ip });
    return consumed.userId;
  });
}
