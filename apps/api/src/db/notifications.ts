import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database, Executor } from './client.js';

/**
 * PostgreSQL's LISTEN/NOTIFY between instances: a NOTIFY sent inside a transaction is delivered, to every instance
 * listening, only when that transaction commits (and never if it rolls back). It carries hints, never the work
 * itself: whatever a notification announces is also in a table, so a listener that missed one (it was reconnecting)
 * finds the work by polling.
 */
export type Notifications = {
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  close: () => Promise<void>;
};

/** Sends a notification as part of the executor's transaction (delivered at commit). */
export async function notify(executor: Executor, channel: string, payload: string): Promise<void> {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type Handlers = Map<string, Set<(payload: string) => void>>;

export function createNotifications(db: Database, logger: Logger): Notifications {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) return embeddedNotifications(client);
  if (client instanceof pg.Pool) return serverNotifications(client, logger);
  throw new Error('unknown database client');
}

function embeddedNotifications(client: PGlite): Notifications {
  const stops: Array<() => Promise<void>> = [];
  return {
    async listen(channel, onPayload) {
      stops.push(await client.listen(channel, onPayload));
    },
    async close() {
      await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
    },
  };
}

/**
 * One connection of its own (LISTEN holds a session: through PgBouncer it needs session pooling, or a direct
 * address), opened with the pool's settings, re-opened with back-off whenever it drops (a database restart).
 */
function serverNotifications(pool: pg.Pool, logger: Logger): Notifications {
  const handlers: Handlers = new Map();
  let connection: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let reconnecting: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client(pool.options);
    next.on('error', (error) => {
      logger.warn({ err: error }, 'the notification connection failed; it reconnects');
      drop(next);
    });
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    connection = next;
    retryMs = 250;
  }

  function drop(client: pg.Client) {
    if (connection === client) connection = null;
    client.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnecting || connection) return;
    reconnecting = setTimeout(() => {
      reconnecting = null;
      connect().catch((error: unknown) => {
        logger.warn({ err: error }, 'could not reopen the notification connection; retrying');
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs);
    reconnecting.unref();
  }

  return {
    async listen(channel, onPayload) {
      const known = handlers.get(channel);
      if (known) {
        known.add(onPayload);
        return;
      }
      handlers.set(channel, new Set([onPayload]));
      if (connection) await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
      else
        await connect().catch((error: unknown) => {
          logger.warn({ err: error }, 'could not open the notification connection; retrying');
          scheduleReconnect();
        });
    },
    async close() {
      closed = true;
      if (reconnecting) clearTimeout(reconnecting);
      const open = connection;
      connection = null;
      await open?.end().catch(() => undefined);
    },
  };
}
