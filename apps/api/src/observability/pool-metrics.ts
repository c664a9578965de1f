import pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/client.js';

/**
 * The PostgreSQL pool's connections, read at scrape time: open, idle, and requests waiting for one. The embedded
 * PGlite has one in-process connection and no pool, so nothing is reported there.
 */
export function registerPoolMetrics(registry: Registry, db: Database): void {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('coincard_db_pool_connections', 'Connections the pool holds open to PostgreSQL.', () => pool.totalCount);
  gauge('coincard_db_pool_idle_connections', 'Open connections not in use.', () => pool.idleCount);
  gauge(
    'coincard_db_pool_waiting_requests',
    'Queries waiting for a connection (the pool is exhausted, or the database is slow to connect).',
    () => pool.waitingCount,
  );
  gauge('coincard_db_pool_max_connections', 'The most connections the pool opens (DATABASE_POOL_SIZE).', () => {
    return pool.options.max ?? 10;
  });
}
