import {
  formatCents,
  LOADS_WITHOUT_STEP_UP_CENTS,
  LOADS_WITHOUT_STEP_UP_WINDOW_MS,
  STEP_UP_WINDOW_MS,
} from '@coincard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';

/**
 * A session cookie alone may load at most LOADS_WITHOUT_STEP_UP_CENTS onto the user's cards in any 24 hours; more
 * needs a step-up of this session in the last few minutes (docs/decisions/027-account-takeover.md). Money on a card
 * is what a thief who knows its number can spend; the balance itself cannot leave the platform any other way.
 * Counted per user, across sessions and cards, under a per-user lock so two loads at once cannot both fit: the
 * caller takes the lock (loadsLockOf, with the card's lock), then reads what was loaded since loadsWindowStart in a later statement (one
 * that sees every load committed before the lock was granted), then asks here.
 */
export async function assertLoadAllowedWithoutStepUp(
  tx: Executor,
  deps: Pick<Deps, 'now'>,
  sessionId: string,
  loadedInWindow: number,
  amount: number,
): Promise<void> {
  if (loadedInWindow + amount <= LOADS_WITHOUT_STEP_UP_CENTS) return;
  const [session] = await executeRows<{ stepped_up_at: string | Date | null }>(
    tx,
    sql`select stepped_up_at from sessions where id = ${sessionId}`,
  );
  const at = session?.stepped_up_at ? new Date(session.stepped_up_at).getTime() : 0;
  if (at + STEP_UP_WINDOW_MS > deps.now().getTime()) return;
  throw new AppError(
    'StepUpRequired',
    `Loads above ${formatCents(LOADS_WITHOUT_STEP_UP_CENTS)} a day need you to confirm it is you: your password, a code or a passkey.`,
  );
}

/** The per-user lock the loads' 24-hour count is read under, held until the transaction ends. */
export const loadsLockOf = (userId: string) => sql`pg_advisory_xact_lock(hashtext(${`card-loads:${userId}`}))`;

/** Where the 24-hour window of loads without a step-up starts. */
export const loadsWindowStart = (now: Date) => new Date(now.getTime() - LOADS_WITHOUT_STEP_UP_WINDOW_MS);
