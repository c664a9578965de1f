import type { PaginationQuery } from '@coincard/shared';
import { count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { likePattern, pageMeta, pageOffset } from '../../lib/pagination.js';
import { audit } from '../audit/audit.js';
import { revokeSessions } from '../auth/sessions.service.js';
import { listUserDeposits } from '../deposits/own-deposits-page.js';
import { userBalanceSql } from '../ledger/ledger-read.js';
import { platformTotals } from '../stats/platform-counts.js';
import { setTwoFactor, toUserDto } from '../users/users.service.js';
import { refuseAdminAction } from './admin-refusals.js';

export async function listUsers(deps: Deps, query: PaginationQuery & { search?: string | undefined }) {
  const search = query.search?.trim();
  // The e-mail match uses the trigram index; an id is matched only when the term is one (its own index).
  const byEmail = search ? ilike(users.email, likePattern(search)) : undefined;
  const where =
    search && z.uuid().safeParse(search).success ? or(byEmail, eq(users.id, search.toLowerCase())) : byEmail;
  const total = where
    ? ((await deps.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0)
    : await platformTotals(deps.db).then((totals) => totals.users + totals.admins);
  // The page's ids first (off the (created_at, id) index without a search), then the balance for those rows alone: a
  // balance in the same select would be looked up for every row the offset skips.
  const page = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const ids = page.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ user: users, balance: userBalanceSql() })
          .from(users)
          .where(inArray(users.id, ids))
          .orderBy(desc(users.createdAt), desc(users.id));
  return { users: rows.map((row) => toUserDto(row.user, row.balance)), meta: pageMeta(query, total) };
}

export async function loadTarget(deps: Deps, id: string): Promise<UserRow> {
  const [target] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!target) throw notFound('User');
  return target;
}

const refuse = (deps: Deps, admin: UserRow, target: UserRow, ctx: RequestContext, action: string, message: string) =>
  refuseAdminAction(
    deps,
    ctx,
    { adminId: admin.id, targetUserId: target.id, attempted: action },
    new AppError('Forbidden', message),
  );

/**
 * Suspends or re-activates an account (docs/admin.md): an admin cannot suspend themself or another admin. The target's
 * row is locked, so requests at once take turns; `wanted` (when given) makes a retry change nothing. Suspension ends
 * every session, so it takes effect on the user's next request.
 */
export async function setSuspension(
  deps: Deps,
  admin: UserRow,
  targetId: string,
  wanted: boolean | undefined,
  ctx: RequestContext,
) {
  const target = await loadTarget(deps, targetId);
  if (target.id === admin.id)
    throw await refuse(deps, admin, target, ctx, 'suspend', 'You cannot suspend your own account.');
  if (target.role === 'admin')
    throw await refuse(deps, admin, target, ctx, 'suspend', 'Administrators cannot be suspended.');
  const now = deps.now();
  const suspended = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!locked) throw notFound('User');
    const next = wanted ?? !locked.suspended;
    const unchanged = next === locked.suspended;
    if (!unchanged) {
      await tx.update(users).set({ suspended: next, updatedAt: now }).where(eq(users.id, target.id));
      if (next) await revokeSessions(tx, { userId: target.id, reason: 'suspended', now });
    }
    // A repeat (a retry, a second tab) changes nothing but is still someone's action: recorded as such.
    await audit(tx, {
      action: next ? 'admin.user_suspended' : 'admin.user_activated',
      actorId: admin.id,
      targetUserId: target.id,
      ip: ctx.ip,
      details: unchanged ? { unchanged: true } : {},
    });
    return next;
  });
  return { isSuspended: suspended, message: suspended ? 'The account is suspended.' : 'The account is active again.' };
}

export async function setUserTwoFactor(
  deps: Deps,
  admin: UserRow,
  targetId: string,
  enabled: boolean,
  ctx: RequestContext,
) {
  const target = await loadTarget(deps, targetId);
  if (!enabled && target.role === 'admin' && target.id !== admin.id) {
    throw await refuse(
      deps,
      admin,
      target,
      ctx,
      'two_factor_off',
      "You cannot turn off another administrator's two-factor authentication.",
    );
  }
  await setTwoFactor(deps, { actorId: admin.id, targetId: target.id, enabled, ip: ctx.ip, byAdmin: true });
  return {
    isTwoFactorEnabled: enabled,
    message: enabled
      ? 'Two-factor authentication is on for this user.'
      : 'Two-factor authentication is off for this user.',
  };
}

/** GET /api/admin/users/{id}/deposits: one user's top-ups, newest first. */
export async function listDepositsOfUser(deps: Deps, userId: string, query: PaginationQuery) {
  return listUserDeposits(deps, await loadTarget(deps, userId), query);
}
