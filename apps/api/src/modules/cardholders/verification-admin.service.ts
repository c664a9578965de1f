import type { AdminCardholder } from '@coincard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cardholderReverifyRequests, cardholderVerifications, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { uuidv7 } from '../../lib/ids.js';
import { enqueueMail } from '../../providers/mail/mail-queue.js';
import { refuseAdminAction } from '../admin/admin-refusals.js';
import { audit } from '../audit/audit.js';
import { verificationState } from './verification-state.js';

type HistoryEntry = AdminCardholder['history'][number];

const DECISIONS = ['approved', 'rejected', 'needs_more_information', 'withdrawn'] as const;

/**
 * GET /api/admin/users/{id}/cardholder: the user's verification as support sees it. Statuses, dates and the issuer's
 * reasons, each submission and decision and each request to verify again, newest first; never a document number or
 * a date of birth (the summary's name, countries and document type only).
 */
export async function adminVerification(deps: Deps, userId: string): Promise<AdminCardholder> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const state = await verificationState(deps.db, user);
  const submissions = await deps.db
    .select()
    .from(cardholderVerifications)
    .where(eq(cardholderVerifications.userId, userId))
    .orderBy(asc(cardholderVerifications.submittedAt));
  const requests = await deps.db
    .select({ request: cardholderReverifyRequests, adminEmail: users.email })
    .from(cardholderReverifyRequests)
    .innerJoin(users, eq(users.id, cardholderReverifyRequests.adminId))
    .where(eq(cardholderReverifyRequests.userId, userId));
  const history: HistoryEntry[] = [];
  for (const row of submissions) {
    const { firstName, lastName, country, idType } = row.summary;
    history.push({
      _id: `${row.id}:submitted`,
      event: 'submitted',
      at: row.submittedAt.toISOString(),
      reason: null,
      actor: { _id: user.id, email: user.email },
      details: { firstName, lastName, country, idType },
    });
    const status = row.status;
    if (row.decidedAt && (DECISIONS as readonly string[]).includes(status)) {
      history.push({
        _id: `${row.id}:decided`,
        event: status as (typeof DECISIONS)[number],
        at: row.decidedAt.toISOString(),
        reason: row.reason,
        actor: null,
        details: null,
      });
    }
  }
  for (const { request, adminEmail } of requests) {
    history.push({
      _id: request.id,
      event: 'reverify_requested',
      at: request.createdAt.toISOString(),
      reason: request.reason,
      actor: { _id: request.adminId, email: adminEmail },
      details: null,
    });
  }
  history.sort((a, b) => b.at.localeCompare(a.at) || b._id.localeCompare(a._id));
  return {
    status: state.status,
    reason: state.reason,
    attemptsLeft: state.attemptsLeft,
    submittedAt: state.submittedAt,
    decidedAt: state.decidedAt,
    isLegacy: state.isLegacy,
    history,
  };
}

/**
 * POST /api/admin/users/{id}/cardholder/reverify: support asks a user to verify again (decision 029). A submission
 * still pending is withdrawn; the user's cardholderId is cleared, so no new card can be made until a new verification
 * is approved; the cards they have keep working (block them apart if they must stop); the attempts start again. The
 * user sees needs_more_information with the admin's reason and is told by mail. Audited.
 */
export async function requestReverification(
  deps: Deps,
  admin: UserRow,
  userId: string,
  reason: string,
  ctx: RequestContext,
): Promise<AdminCardholder> {
  const [target] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!target) throw notFound('User');
  const refuse = (message: string) =>
    refuseAdminAction(
      deps,
      ctx,
      { adminId: admin.id, targetUserId: target.id, attempted: 'cardholder_reverify' },
      new AppError('VerificationConflict', message),
    );
  if (target.role !== 'user') throw await refuse('Only users hold cards: administrators are not verified.');
  const now = deps.now();
  const refusal = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, target.id)).for('update');
    if (!locked) throw notFound('User');
    const state = await verificationState(tx, locked);
    if (state.status === 'not_started')
      return 'This user has not verified their identity yet: there is nothing to redo.';
    await tx
      .update(cardholderVerifications)
      .set({ status: 'withdrawn', reason, detailsSealed: null, decidedAt: now })
      .where(and(eq(cardholderVerifications.userId, locked.id), inArray(cardholderVerifications.status, ['pending'])));
    await tx.insert(cardholderReverifyRequests).values({
      id: uuidv7(),
      userId: locked.id,
      adminId: admin.id,
      reason,
      previousCardholderId: locked.cardholderId,
      createdAt: now,
    });
    await tx.update(users).set({ cardholderId: null, updatedAt: now }).where(eq(users.id, locked.id));
    await audit(tx, {
      action: 'admin.cardholder_reverify_requested',
      actorId: admin.id,
      targetUserId: locked.id,
      ip: ctx.ip,
      details: { reason, previousStatus: state.status, hadCardholder: locked.cardholderId !== null },
    });
    await enqueueMail(deps, tx, deps.mail.cardholderDecision(locked.email, 'needs_more_information', reason));
    return null;
  });
  if (refusal) throw await refuse(refusal);
  return adminVerification(deps, target.id);
}
