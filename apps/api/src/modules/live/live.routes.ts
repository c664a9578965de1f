import type { LiveEvent } from '@coincard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { isSessionLive, principalOf, requireRole, sessionOver } from '../../plugins/authenticate.js';
import type { LiveHub } from './live-hub.js';

/** Tells the browser how long to wait before reconnecting after the stream drops. */
const RETRY_MS = 3000;

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/events: the signed-in user's live stream (server-sent events), authenticated by the session cookie like
 * any request. It says `ready` on every (re)connection, then `alert`, `deposit` and `card` as they happen (hints: the
 * app refetches what they name), a comment line as a heartbeat, and ends after LIVE_MAX_STREAM_SECONDS so that the
 * browser reconnects and the session is checked again, or at once when its session is revoked (on every instance).
 * Behind a proxy: docs/operations.md, Live updates.
 */
export function liveRoutes(deps: Deps, hub: LiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      {
        onRequest: requireRole(deps, ['user', 'admin']),
        schema: {
          tags: ['live'],
          summary:
            'Live updates (text/event-stream): ready on connect, then alert, deposit and card events; refetch what they name',
        },
      },
      async (request, reply) => {
        const { user, sessionId } = principalOf(request);
        const timers: NodeJS.Timeout[] = [];
        let stopListening: () => void = () => undefined;
        let unsubscribe: (() => void) | null = null;
        const end = () => {
          for (const timer of timers) clearTimeout(timer);
          stopListening();
          unsubscribe?.();
          if (!reply.raw.writableEnded) reply.raw.end();
        };
        // The session goes with the stream: revoking it (a sign-out, "sign out other sessions", a password change,
        // a suspension...) ends the stream at once on whichever instance holds it, instead of after
        // LIVE_MAX_STREAM_SECONDS of hints to a session that no longer exists. The browser's reconnection is refused.
        // Until the answer starts, an event has nowhere to go (the `ready` that opens it says to refetch anyway) and an
        // end only marks the stream as refused below.
        let opened = false;
        let endedBeforeOpening = false;
        unsubscribe = hub.subscribe({
          userId: user.id,
          sessionId,
          send: (event: LiveEvent) => {
            if (opened) reply.raw.write(frame(event.type, event));
          },
          end: () => {
            if (opened) end();
            else endedBeforeOpening = true;
          },
        });
        if (!unsubscribe) {
          throw new AppError(
            'TooManyRequests',
            'Too many live connections are open for this account; this tab updates by polling instead.',
          );
        }
        // A revocation that committed after this request's session check and before the subscription above found no
        // stream to end: the session is read again now that the stream is subscribed (a later one reaches it).
        if (endedBeforeOpening || !(await isSessionLive(deps, sessionId))) {
          unsubscribe();
          throw sessionOver();
        }
        // The browser may have gone during that read, before the close listener below exists: nothing would end it.
        if (request.raw.socket.destroyed) {
          unsubscribe();
          reply.hijack();
          return;
        }
        opened = true;
        reply.hijack();
        reply.raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          connection: 'keep-alive',
          // nginx buffers proxied answers unless told not to; an event must reach the browser at once.
          'x-accel-buffering': 'no',
        });
        reply.raw.write(`retry: ${RETRY_MS}\n${frame('ready', { type: 'ready' })}`);
        timers.push(
          setInterval(() => reply.raw.write(': heartbeat\n\n'), deps.config.LIVE_HEARTBEAT_SECONDS * 1000),
          setTimeout(end, deps.config.LIVE_MAX_STREAM_SECONDS * 1000),
        );
        stopListening = hub.onCloseAll(end);
        request.raw.on('close', end);
        reply.raw.on('error', end);
      },
    );
  };
}
