import type { AuditAction } from '@coincard/shared';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { uuidv7 } from '../../lib/ids.js';

export type AuditEvent = {
  action: AuditAction;
  actorId?: string | null;
  targetUserId?: string | null;
  ip?: string | null;
  /** Never secrets: no passwords, codes, tokens or card data. */
  details?: Record<string, unknown>;
};

export async function audit(db: Executor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    id: uuidv7(),
    action: event.action,
    actorId: event.actorId ?? null,
    targetUserId: event.targetUserId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? {},
  });
}
