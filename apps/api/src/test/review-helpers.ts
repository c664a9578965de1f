import type { ReviewKind } from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { executeRows } from '../db/client.js';
import type { TestApp } from './test-app.js';

export type StoredReview = {
  id: string;
  kind: ReviewKind;
  subject_type: string;
  subject_id: string;
  user_id: string | null;
  reason: string;
  details: Record<string, unknown>;
  created_at: string;
  last_seen_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  resolution_note: string | null;
};

/** Every review row about one subject (a deposit, a provider event, a card), oldest first. */
export const reviewsAbout = (t: TestApp, subjectId: string) =>
  executeRows<StoredReview>(
    t.deps.db,
    sql`select * from reviews where subject_id = ${subjectId} order by created_at, id`,
  );

/** Every review row of one kind concerning a user, oldest first. */
export const reviewsOfUser = (t: TestApp, userId: string, kind: ReviewKind) =>
  executeRows<StoredReview>(
    t.deps.db,
    sql`select * from reviews where user_id = ${userId} and kind = ${kind} order by created_at, id`,
  );
