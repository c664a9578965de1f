import type { Deps, RequestContext } from '../../deps.js';
import type { AppError } from '../../lib/app-error.js';
import { audit } from '../audit/audit.js';

type Refusal = { adminId: string; targetUserId: string; attempted: string; details?: Record<string, unknown> };

/**
 * An admin action the rules or the state refuse is written to the audit log too (someone tried it), outside the
 * refused action's transaction so the row stays; answers the error to throw.
 */
export async function refuseAdminAction(
  deps: Deps,
  ctx: RequestContext,
  refusal: Refusal,
  error: AppError,
): Promise<AppError> {
  await audit(deps.db, {
    action: 'admin.action_refused',
    actorId: refusal.adminId,
    targetUserId: refusal.targetUserId,
    ip: ctx.ip,
    details: { attempted: refusal.attempted, reason: error.message, ...refusal.details },
  });
  return error;
}
