import { type CardholderVerification, MAX_VERIFICATION_ATTEMPTS } from '@coincard/shared';
import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  type CardholderVerificationRow,
  cardholderReverifyRequests,
  cardholderVerifications,
} from '../../db/schema/index.js';

type ReverifyRequest = typeof cardholderReverifyRequests.$inferSelect;

export type VerificationState = CardholderVerification & {
  /** The newest submission, if any. */
  latest: CardholderVerificationRow | null;
  /** The newest request by an admin to verify again, if any. */
  request: ReverifyRequest | null;
  /** A cardholder from before the verification step, with no submission behind it. */
  isLegacy: boolean;
};

/**
 * Where a user stands (docs/decisions/029-cardholder-verification.md): the newest of their submissions and of the
 * admins' requests to verify again decides it. No submission at all: approved for a user who already had a cardholder
 * (legacy), else not started. Attempts count the submissions the issuer judged since the last admin request.
 */
export async function verificationState(
  db: Executor,
  user: { id: string; cardholderId: string | null },
): Promise<VerificationState> {
  const [latest] = await db
    .select()
    .from(cardholderVerifications)
    .where(eq(cardholderVerifications.userId, user.id))
    .orderBy(desc(cardholderVerifications.submittedAt), desc(cardholderVerifications.id))
    .limit(1);
  const [request] = await db
    .select()
    .from(cardholderReverifyRequests)
    .where(eq(cardholderReverifyRequests.userId, user.id))
    .orderBy(desc(cardholderReverifyRequests.createdAt), desc(cardholderReverifyRequests.id))
    .limit(1);
  const [used] = await db
    .select({ n: count() })
    .from(cardholderVerifications)
    .where(
      and(
        eq(cardholderVerifications.userId, user.id),
        eq(cardholderVerifications.countsAsAttempt, true),
        ne(cardholderVerifications.status, 'withdrawn'),
        request ? gt(cardholderVerifications.submittedAt, request.createdAt) : undefined,
      ),
    );
  const attemptsLeft = Math.max(0, MAX_VERIFICATION_ATTEMPTS - (used?.n ?? 0));
  const base = { latest: latest ?? null, request: request ?? null, attemptsLeft, isLegacy: false };
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

  if (request && (!latest || latest.submittedAt <= request.createdAt)) {
    return {
      ...base,
      status: 'needs_more_information',
      reason: request.reason,
      submittedAt: iso(latest?.submittedAt),
      decidedAt: iso(request.createdAt),
      details: latest?.summary ?? null,
    };
  }
  if (latest) {
    return {
      ...base,
      status: latest.status === 'withdrawn' ? 'needs_more_information' : latest.status,
      reason: latest.reason,
      submittedAt: iso(latest.submittedAt),
      decidedAt: iso(latest.decidedAt),
      details: latest.summary,
    };
  }
  return {
    ...base,
    status: user.cardholderId ? 'approved' : 'not_started',
    reason: null,
    submittedAt: null,
    decidedAt: null,
    details: null,
    isLegacy: user.cardholderId !== null,
  };
}

/** The user's own answer: the state without the rows behind it. */
export function toVerificationDto(state: VerificationState): CardholderVerification {
  return {
    status: state.status,
    reason: state.reason,
    attemptsLeft: state.attemptsLeft,
    submittedAt: state.submittedAt,
    decidedAt: state.decidedAt,
    details: state.details,
  };
}
