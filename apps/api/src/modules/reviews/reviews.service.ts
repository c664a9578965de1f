import { LIST_COUNT_CAP, type Review, type ReviewsPage, type ReviewsQuery } from '@coincard/shared';
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ReviewRow, reviews, type UserRow, users } from '../../db/schema/index.js';
import type { Deps, RequestContext } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { pageMeta, pageOffset } from '../../lib/pagination.js';
import { audit } from '../audit/audit.js';

type Person = { _id: string; email: string } | null;

const personOf = (id: string | null, email: string | null): Person => (id && email ? { _id: id, email } : null);

function toReviewDto(row: ReviewRow, user: Person, resolver: Person): Review {
  return {
    _id: row.id,
    kind: row.kind,
    subject: { type: row.subjectType, id: row.subjectId },
    user,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolution:
      row.resolvedAt && row.resolutionNote !== null
        ? { resolvedAt: row.resolvedAt.toISOString(), resolvedBy: resolver, note: row.resolutionNote }
        : null,
  };
}

/** Reviews by id with their user and resolver, newest first. */
async function reviewsByIds(deps: Deps, ids: string[]): Promise<Review[]> {
  if (ids.length === 0) return [];
  const owner = alias(users, 'owner');
  const resolver = alias(users, 'resolver');
  const rows = await deps.db
    .select({ review: reviews, ownerEmail: owner.email, resolverEmail: resolver.email })
    .from(reviews)
    .leftJoin(owner, eq(owner.id, reviews.userId))
    .leftJoin(resolver, eq(resolver.id, reviews.resolvedBy))
    .where(inArray(reviews.id, ids))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(({ review, ownerEmail, resolverEmail }) =>
    toReviewDto(review, personOf(review.userId, ownerEmail), personOf(review.resolvedBy, resolverEmail)),
  );
}

/** GET /api/admin/reviews: open (the default) or resolved reviews, optionally of one kind, newest first. */
export async function listReviews(deps: Deps, query: ReviewsQuery): Promise<ReviewsPage> {
  const filters: SQL[] = [query.status === 'open' ? isNull(reviews.resolvedAt) : isNotNull(reviews.resolvedAt)];
  if (query.kind) filters.push(eq(reviews.kind, query.kind));
  const where = and(...filters);
  const page = await deps.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  // Counted up to the cap, as the other admin lists are: nobody pages through more.
  const capped = deps.db.select({ id: reviews.id }).from(reviews).where(where).limit(LIST_COUNT_CAP).as('capped');
  const [counted] = await deps.db.select({ n: count() }).from(capped);
  return {
    reviews: await reviewsByIds(
      deps,
      page.map((row) => row.id),
    ),
    meta: pageMeta(query, counted?.n ?? 0),
  };
}

/** Open reviews, for the dashboard; the open rows are few and indexed (reviews_open_unique). */
export async function countOpenReviews(deps: Deps): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(reviews).where(isNull(reviews.resolvedAt));
  return row?.n ?? 0;
}

/**
 * PATCH /api/admin/reviews/{id}: records that a person looked at it and what they decided. It moves no money and
 * changes nothing else: whatever the decision needs (a refund at the provider, a manual credit) is done on its own.
 * A second resolution (a double click, another admin) keeps the first one and is audited as unchanged.
 */
export async function resolveReview(
  deps: Deps,
  admin: UserRow,
  id: string,
  note: string,
  ctx: RequestContext,
): Promise<{ message: string; review: Review }> {
  const changed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw notFound('Review');
    const unchanged = row.resolvedAt !== null;
    if (!unchanged) {
      await tx
        .update(reviews)
        .set({ resolvedAt: deps.now(), resolvedBy: admin.id, resolutionNote: note })
        .where(eq(reviews.id, id));
    }
    await audit(tx, {
      action: 'admin.review_resolved',
      actorId: admin.id,
      targetUserId: row.userId,
      ip: ctx.ip,
      details: {
        reviewId: row.id,
        kind: row.kind,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        ...(unchanged ? { unchanged: true } : { note }),
      },
    });
    return !unchanged;
  });
  const [review] = await reviewsByIds(deps, [id]);
  if (!review) throw notFound('Review');
  return { message: changed ? 'The review is resolved.' : 'This review was already resolved.', review };
}
