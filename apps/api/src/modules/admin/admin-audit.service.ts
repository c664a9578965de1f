import { type AuditPage, LIST_COUNT_CAP } from '@coincard/shared';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { executeRows } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';

/** Counting stops here: the log grows without bound, and no one pages past a thousand pages of it. */
const COUNT_CAP = LIST_COUNT_CAP;

export type AuditQuery = {
  page: number;
  pageSize: number;
  actorId?: string | undefined;
  targetUserId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** GET /api/admin/audit: who did what to whom, when and from where, newest first, filtered. */
export async function listAudit(deps: Deps, query: AuditQuery): Promise<AuditPage> {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const filters: SQL[] = [];
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.targetUserId) filters.push(eq(auditLog.targetUserId, query.targetUserId));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  // The page's ids first, off the index with the filters; only those entries are then read and joined to their
  // actor and target, instead of joining every entry the offset skips.
  const page = await deps.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const ids = page.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ entry: auditLog, actorEmail: actor.email, targetEmail: target.email })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorId))
          .leftJoin(target, eq(target.id, auditLog.targetUserId))
          .where(inArray(auditLog.id, ids))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const [counted] = await executeRows<{ n: string }>(
    deps.db,
    sql`select count(*) as n from (select 1 from audit_log ${where ? sql`where ${where}` : sql``} limit ${COUNT_CAP}) capped`,
  );
  return {
    entries: rows.map(({ entry, actorEmail, targetEmail }) => ({
      _id: entry.id,
      action: entry.action,
      actor: entry.actorId && actorEmail ? { _id: entry.actorId, email: actorEmail } : null,
      target: entry.targetUserId && targetEmail ? { _id: entry.targetUserId, email: targetEmail } : null,
      ip: entry.ip,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    meta: pageMeta(query, Number(counted?.n ?? 0)),
  };
}
