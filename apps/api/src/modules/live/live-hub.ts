import type { LiveEvent } from '@coincard/shared';
import type { Logger } from 'pino';
import type { Notifications } from '../../db/notifications.js';
import type { Metrics } from '../../observability/metrics.js';
import { isEnded, LIVE_CHANNEL, LIVE_SESSIONS_CHANNEL, readLiveMessage } from './live-events.js';

/** One open stream: whose, opened by which session, how to send it an event and how to end it. */
export type LiveSubscriber = {
  userId: string;
  sessionId: string;
  send: (event: LiveEvent) => void;
  end: () => void;
};

/**
 * This instance's open live streams, by user, fed from the database channels (LISTEN): whichever instance committed a
 * change, every instance hears it and passes it to its own streams of that user. Nothing is kept: a stream that was
 * not open (or an instance whose listening connection was reconnecting) misses the hint, and the app refetches when
 * its stream (re)opens. A revoked session's streams end as soon as its revocation commits, wherever they are open.
 */
export type LiveHub = {
  /** Adds a stream; null when the user already has the most this instance allows. */
  subscribe: (subscriber: LiveSubscriber) => (() => void) | null;
  /** Streams open on this instance. */
  size: () => number;
  /** Ends every stream (shutdown): each one's `end` runs. */
  closeAll: () => void;
  onCloseAll: (end: () => void) => () => void;
};

export async function createLiveHub(options: {
  notifications: Notifications;
  metrics: Metrics;
  logger: Logger;
  instanceId: string;
  maxPerUser: number;
}): Promise<LiveHub> {
  const streams = new Map<string, Set<LiveSubscriber>>();
  const enders = new Set<() => void>();
  let open = 0;

  function deliver(payload: string) {
    const message = readLiveMessage(payload);
    if (!message) {
      options.logger.warn('a live message that this release cannot read was ignored');
      return;
    }
    // A copy: ending a stream takes it out of the set.
    const own = [...(streams.get(message.u) ?? [])];
    if ('ended' in message) {
      for (const subscriber of own) if (isEnded(message.ended, subscriber.sessionId)) subscriber.end();
      return;
    }
    // Counted here, once committed (a notification is delivered only at commit), by the instance that raised it.
    if (message.e.type === 'alert' && message.o === options.instanceId) options.metrics.alertRaised(message.e.kind);
    for (const subscriber of own) subscriber.send(message.e);
  }

  await options.notifications.listen(LIVE_CHANNEL, deliver);
  await options.notifications.listen(LIVE_SESSIONS_CHANNEL, deliver);

  return {
    subscribe(subscriber) {
      const { userId } = subscriber;
      const own = streams.get(userId) ?? new Set<LiveSubscriber>();
      if (own.size >= options.maxPerUser) {
        options.metrics.liveStreamRefused('per-user-limit');
        return null;
      }
      own.add(subscriber);
      streams.set(userId, own);
      open += 1;
      options.metrics.liveStream('opened');
      let done = false;
      return () => {
        if (done) return;
        done = true;
        own.delete(subscriber);
        if (own.size === 0) streams.delete(userId);
        open -= 1;
        options.metrics.liveStream('closed');
      };
    },
    size: () => open,
    closeAll() {
      for (const end of [...enders]) end();
    },
    onCloseAll(end) {
      enders.add(end);
      return () => {
        enders.delete(end);
      };
    },
  };
}
