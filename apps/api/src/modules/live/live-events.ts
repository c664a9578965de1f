import type { LiveEvent } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import { notify } from '../../db/notifications.js';

/**
 * The channel every instance listens on for its signed-in users' live streams (GET /api/events). Published through
 * the database, in the transaction of the change: an event reaches the streams of every instance, and only once the
 * change is committed (a rolled-back change announces nothing).
 */
export const LIVE_CHANNEL = 'coincard_live';

/** What travels on the channel: whose stream, what changed, and which instance raised it (for its counters). */
export type LiveMessage = { u: string; o: string; e: LiveEvent };

/** Announces a change to its owner's open streams, at commit, on every instance. */
export async function publishLive(
  deps: { instanceId: string },
  tx: Executor,
  userId: string,
  event: LiveEvent,
): Promise<void> {
  const message: LiveMessage = { u: userId, o: deps.instanceId, e: event };
  await notify(tx, LIVE_CHANNEL, JSON.stringify(message));
}
