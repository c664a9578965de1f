import type { Alert, AlertsPage } from '@coincard/shared';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { type AlertRow, alerts } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';

const toDto = (row: AlertRow): Alert => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  cardId: row.cardId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
  return row?.unread ?? 0;
}

/** The owner's alerts, newest first, a page at a time; `unread` keeps only those not read yet. */
export async function listAlerts(
  deps: Deps,
  userId: string,
  query: { page: number; pageSize: number; unread?: boolean },
): Promise<AlertsPage> {
  const where: SQL | undefined = and(eq(alerts.userId, userId), query.unread ? isNull(alerts.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    deps.db
      .select()
      .from(alerts)
      .where(where)
      .orderBy(desc(alerts.createdAt), desc(alerts.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    deps.db.select({ total: count() }).from(alerts).where(where),
    unreadCount(deps.db, userId),
  ]);
  return { items: rows.map(toDto), meta: pageMeta(query, total?.total ?? 0), unread };
}

/** Marks one of the owner's alerts read (again is fine); another user's, or none, is a 404. */
export async function markAlertRead(deps: Deps, userId: string, alertId: string): Promise<Alert> {
  if (!z.uuid().safeParse(alertId).success) throw notFound('Alert');
  const [row] = await deps.db
    .update(alerts)
    .set({ readAt: deps.now() })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId), isNull(alerts.readAt)))
    .returning();
  if (row) return toDto(row);
  const [already] = await deps.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)));
  if (!already) throw notFound('Alert');
  return toDto(already);
}

export async function markAllAlertsRead(deps: Deps, userId: string): Promise<number> {
  const rows = await deps.db
    .update(alerts)
    .set({ readAt: deps.now() })
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)))
    .returning({ id: alerts.id });
  return rows.length;
}
