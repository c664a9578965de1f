import {
  type CardholderSubmission,
  type CardholderVerification,
  MAX_VERIFICATION_ATTEMPTS,
  SUPPORT_EMAIL,
} from '@coincard/shared';
import { eq } from 'drizzle-orm';
import { cardholderVerifications, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { hitRateLimit, RATE_RULES } from '../../lib/rate-limit.js';
import { audit } from '../audit/audit.js';
import { maskDetails, sealDetails } from './identity-details.js';
import { restrictionOf } from './restricted-countries.js';
import { toVerificationDto, verificationState } from './verification-state.js';

/** GET /api/cardholder: where the signed-in user's identity check stands, with their details masked. */
export async function getVerification(deps: Deps, user: UserRow): Promise<CardholderVerification> {
  return toVerificationDto(await verificationState(deps.db, user));
}

const alreadyUnderWay = () =>
  new AppError(
    'VerificationConflict',
    'Your identity check is already under way. We show the decision here as soon as the card issuer sends it.',
  );

/**
 * POST /api/cardholder: records a submission (its fields sealed) and queues its registration with the issuer in the
 * same transaction; the issuer's decision arrives by webhook. A resident of a restricted country, or a document
 * issued by one, is refused before anything is kept or sent. One submission at a time, and at most
 * MAX_VERIFICATION_ATTEMPTS before support has to look; tries of any kind are rate limited per account.
 */
export async function submitVerification(
  deps: Deps,
  user: UserRow,
  input: CardholderSubmission,
  ctx: RequestContext,
): Promise<CardholderVerification> {
  await hitRateLimit(deps.db, RATE_RULES.cardholderSubmitAccount, user.id, deps.now());
  const restriction = restrictionOf(deps.config, input);
  if (restriction) {
    // The refusal is recorded (who, which country, which field); the details are not.
    await audit(deps.db, {
      action: 'cardholder.restricted_country_refused',
      actorId: user.id,
      targetUserId: user.id,
      ip: ctx.ip,
      details: { field: restriction.field, country: restriction.country },
    });
    throw new AppError('RestrictedCountry', restriction.message, {
      fields: { [restriction.field]: restriction.message },
    });
  }
  const now = deps.now();
  const id = uuidv7();
  try {
    await deps.db.transaction(async (tx) => {
      // Locked: two submissions at the same moment take turns, and the second sees the first.
      const [owner] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!owner) throw new AppError('NotFound', 'User not found.');
      const state = await verificationState(tx, owner);
      if (state.status === 'pending') throw alreadyUnderWay();
      if (state.status === 'approved') {
        throw new AppError('VerificationConflict', 'Your identity is already verified: you can create your card.');
      }
      if (state.attemptsLeft === 0) {
        throw new AppError(
          'VerificationLimitReached',
          `You have used all ${MAX_VERIFICATION_ATTEMPTS} attempts to verify your identity. Write to ${SUPPORT_EMAIL} and we will help you finish.`,
        );
      }
      await tx.insert(cardholderVerifications).values({
        id,
        userId: owner.id,
        issuer: deps.issuer.name,
        status: 'pending',
        detailsSealed: sealDetails(deps.identityBox, input),
        summary: maskDetails(input),
        submittedAt: now,
      });
      await audit(tx, {
        action: 'cardholder.submitted',
        actorId: owner.id,
        targetUserId: owner.id,
        ip: ctx.ip,
        details: {
          verificationId: id,
          attempt: MAX_VERIFICATION_ATTEMPTS - state.attemptsLeft + 1,
          country: input.address.country,
          idType: input.idType,
          idCountry: input.idCountry,
        },
      });
      await deps.jobs.enqueue(tx, 'cardholder-verification', { verificationId: id }, { key: id });
    });
  } catch (error) {
    // The one-pending index caught a submission racing this one past the check.
    if (isUniqueViolation(error)) throw alreadyUnderWay();
    throw error;
  }
  const [fresh] = await deps.db.select().from(users).where(eq(users.id, user.id));
  return toVerificationDto(await verificationState(deps.db, fresh ?? user));
}
