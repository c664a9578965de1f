import type { LiveEvent } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import { notify } from '../../db/notifications.js';

/**
 * The channel every instance listens on for its signed-in users' live streams (GET /api/events). Published through
 * the database, in the transaction of the change: an event reaches the streams of every instance, and only once the
 * change is committed (a rolled-back change announces nothing).
 */
export const LIVE_CHANNEL = 'coincard_live';

/**
 * The channel on which revoked sessions end their streams, on every instance. Not LIVE_CHANNEL: an instance of an
 * earlier release reads every message there as an event and would throw on any other shape (inside the database
 * driver's notification handler, which ends the process), so during a rolling deploy it must never see one.
 */
export const LIVE_SESSIONS_CHANNEL = 'coincard_live_sessions';

/** An event for a user's streams, and which instance raised it (for its counters). The shape every release sends. */
export type LiveEventMessage = { u: string; o: string; e: LiveEvent };

/**
 * Which of a user's sessions were revoked: these ones, or all of them but at most one. "All" stays short however many
 * sessions the user has (a notification holds under 8000 bytes, and a failed one would fail the revocation).
 */
export type EndedSessions = { kind: 'these'; sessionIds: string[] } | { kind: 'all'; except: string | null };

/** A user's sessions were revoked: the streams they opened end. */
export type SessionsEndedMessage = { u: string; ended: EndedSessions };

/** What travels on the live channels: an event (LIVE_CHANNEL), or sessions that ended (LIVE_SESSIONS_CHANNEL). */
export type LiveMessage = LiveEventMessage | SessionsEndedMessage;

/** Announces a change to its owner's open streams, at commit, on every instance. */
export async function publishLive(
  deps: { instanceId: string },
  tx: Executor,
  userId: string,
  event: LiveEvent,
): Promise<void> {
  const message: LiveEventMessage = { u: userId, o: deps.instanceId, e: event };
  await notify(tx, LIVE_CHANNEL, JSON.stringify(message));
}

/**
 * Ends, at commit and on every instance, the streams opened by sessions that the same transaction revokes
 * (auth/sessions.service.ts revokeSessions, the one caller): a revoked session hears nothing more.
 */
export async function publishSessionsEnded(tx: Executor, userId: string, ended: EndedSessions): Promise<void> {
  const message: SessionsEndedMessage = { u: userId, ended };
  await notify(tx, LIVE_SESSIONS_CHANNEL, JSON.stringify(message));
}

/** Whether a stream opened by `sessionId` is one of those that ended. */
export function isEnded(ended: EndedSessions, sessionId: string): boolean {
  return ended.kind === 'these' ? ended.sessionIds.includes(sessionId) : ended.except !== sessionId;
}

/** The message a payload carries, or null for anything else (not JSON, or a shape this release does not know). */
export function readLiveMessage(payload: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Partial<LiveEventMessage & SessionsEndedMessage>;
  if (typeof message.u !== 'string') return null;
  if (typeof message.e === 'object' && message.e !== null && typeof message.o === 'string') {
    return { u: message.u, o: message.o, e: message.e };
  }
  const ended = message.ended;
  if (ended?.kind === 'these' && Array.isArray(ended.sessionIds)) return { u: message.u, ended };
  if (ended?.kind === 'all' && (typeof ended.except === 'string' || ended.except === null)) {
    return { u: message.u, ended };
  }
  return null;
}
