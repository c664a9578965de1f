import { REFRESH_TOKEN_TTL_MS } from '@coincard/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { uuidv7 } from '../../lib/ids.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import { audit } from '../audit/audit.js';
import { publishSessionsEnded } from '../live/live-events.js';
import type { SessionTokens } from './cookies.js';
import { readAccessToken, signAccessToken } from './session-tokens.js';

export async function createSession(
  deps: Deps,
  db: Executor,
  userId: string,
  ctx: RequestContext,
): Promise<SessionTokens> {
  const now = deps.now();
  const sessionId = uuidv7();
  const refreshToken = randomToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    createdAt: now,
    expiresAt,
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    ip: ctx.ip,
  });
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId, createdAt: now });
  return { accessToken: signAccessToken(deps.keys.accessTokens, sessionId, now), refreshToken, expiresAt, userId };
}

/** How long a just-rotated refresh token still answers the pair it was rotated into (two tabs at once). */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * The successor token is sealed under the old token itself: the database alone (a backup, a read-only leak)
 * cannot open it, and only whoever already holds the old token can.
 */
const successorBox = (refreshToken: string) => createSealedBox(refreshToken, 'refresh-token-successor');

const invalidRefresh = () => new AppError('InvalidRefreshToken', 'Your session has ended. Please sign in again.');

/**
 * Rotates the refresh token. A token that was already rotated and comes back means it was copied: the whole
 * session is revoked, so neither the thief nor the owner can go on with it.
 */
export async function rotateRefreshToken(deps: Deps, refreshToken: string | undefined, ctx: RequestContext) {
  if (!refreshToken || refreshToken.length > 200) throw invalidRefresh();
  const now = deps.now();
  const tokensFor = (session: { id: string; userId: string; expiresAt: Date }, next: string): SessionTokens => ({
    accessToken: signAccessToken(deps.keys.accessTokens, session.id, now),
    refreshToken: next,
    expiresAt: session.expiresAt,
    userId: session.userId,
  });
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update', { of: refreshTokens });
    if (!row) return { kind: 'invalid' } as const;
    if (row.token.rotatedAt) {
      // Two tabs refreshing at once: the second one, inside the grace window, gets the pair the first one got.
      const graceOk =
        row.token.successorSealed &&
        !row.session.revokedAt &&
        row.session.expiresAt > now &&
        !row.user.suspended &&
        now.getTime() - row.token.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
      if (graceOk && row.token.successorSealed) {
        const next = successorBox(refreshToken).open(row.token.successorSealed);
        return { kind: 'ok', tokens: tokensFor(row.session, next) } as const;
      }
      if (!row.session.revokedAt) {
        await revokeSessions(tx, { sessionId: row.session.id, reason: 'refresh_token_reuse', now });
        await audit(tx, {
          action: 'session.refresh_reuse_detected',
          targetUserId: row.user.id,
          ip: ctx.ip,
          details: { sessionId: row.session.id },
        });
      }
      return { kind: 'reused' } as const;
    }
    if (row.session.revokedAt || row.session.expiresAt <= now) return { kind: 'invalid' } as const;
    if (row.user.suspended) return { kind: 'suspended' } as const;
    const next = randomToken();
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now, successorSealed: successorBox(refreshToken).seal(next) })
      .where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: row.session.id, createdAt: now });
    // "Last seen" for the sessions list: one write per refresh (every 15 minutes of use), not per request.
    await tx.update(sessions).set({ lastSeenAt: now, lastIp: ctx.ip }).where(eq(sessions.id, row.session.id));
    return { kind: 'ok', tokens: tokensFor(row.session, next) } as const;
  });
  if (outcome.kind === 'suspended')
    throw new AppError('AccountSuspended', 'Your account is suspended. Contact support.');
  if (outcome.kind !== 'ok') throw invalidRefresh();
  return outcome.tokens;
}

export async function revokeSessionByRefreshToken(
  deps: Deps,
  refreshToken: string | undefined,
): Promise<string | null> {
  if (!refreshToken || refreshToken.length > 200) return null;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    if (!row) return null;
    await revokeSessions(tx, { sessionId: row.sessionId, reason: 'logout', now: deps.now() });
    return row.sessionId;
  });
}

/** Logout with only the access cookie (the refresh cookie is scoped or lost): the signed session id is enough. */
export async function revokeSessionByAccessToken(deps: Deps, accessToken: string | undefined): Promise<string | null> {
  if (!accessToken || accessToken.length > 300) return null;
  const sessionId = readAccessToken(deps.keys.accessTokens, accessToken, deps.now());
  if (!sessionId) return null;
  await deps.db.transaction((tx) => revokeSessions(tx, { sessionId, reason: 'logout', now: deps.now() }));
  return sessionId;
}

/** Which sessions a revocation ends, why (sessions.revoked_reason) and when. */
export type Revocation = {
  reason: string;
  now: Date;
  /** Only sessions not yet expired: the sessions list shows no others, so ending one of those is "not found". */
  unexpiredOnly?: boolean;
} & (
  | {
      /** One session: a sign-out, a reused refresh token, or (with `ofUser`, its owner) one ended from another. */
      sessionId: string;
      ofUser?: string;
    }
  | {
      /** Every session of a user, but the one making the request when `except` names it. */
      userId: string;
      except?: string | undefined;
    }
);

/**
 * The one way a session is revoked before it expires. It takes a transaction, and in it also ends the live streams
 * those sessions opened (GET /api/events), on every instance, as the revocation commits: without this a stream
 * outlives its session by up to LIVE_MAX_STREAM_SECONDS, and a thief's revoked session would still hear the owner's
 * alerts, deposits and card changes. Answers the ids of the sessions it revoked (those already revoked are left).
 */
export async function revokeSessions(tx: Transaction, revocation: Revocation): Promise<string[]> {
  const conditions = [isNull(sessions.revokedAt)];
  if (revocation.unexpiredOnly) conditions.push(gt(sessions.expiresAt, revocation.now));
  if ('sessionId' in revocation) {
    conditions.push(eq(sessions.id, revocation.sessionId));
    if (revocation.ofUser) conditions.push(eq(sessions.userId, revocation.ofUser));
  } else {
    conditions.push(eq(sessions.userId, revocation.userId));
    if (revocation.except) conditions.push(ne(sessions.id, revocation.except));
  }
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: revocation.now, revokedReason: revocation.reason })
    .where(and(...conditions))
    .returning({ id: sessions.id, userId: sessions.userId });
  const [first] = revoked;
  if (!first) return [];
  await publishSessionsEnded(
    tx,
    first.userId,
    'sessionId' in revocation
      ? { kind: 'these', sessionIds: [first.id] }
      : { kind: 'all', except: revocation.except ?? null },
  );
  return revoked.map((row) => row.id);
}

/**
 * The account a browser's cookies are signed in to: through the access token, or (once that has expired) a current
 * refresh token. Nothing is renewed or rotated; this only reads who the visitor is.
 */
export async function signedInUserOf(
  deps: Deps,
  cookies: { accessToken?: string | undefined; refreshToken?: string | undefined },
): Promise<{ userId: string; email: string } | null> {
  const now = deps.now();
  let sessionId =
    cookies.accessToken && cookies.accessToken.length <= 300
      ? readAccessToken(deps.keys.accessTokens, cookies.accessToken, now)
      : null;
  if (!sessionId && cookies.refreshToken && cookies.refreshToken.length <= 200) {
    const [token] = await deps.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(cookies.refreshToken)), isNull(refreshTokens.rotatedAt)));
    sessionId = token?.sessionId ?? null;
  }
  if (!sessionId) return null;
  const [row] = await deps.db
    .select({ userId: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ?? null;
}
