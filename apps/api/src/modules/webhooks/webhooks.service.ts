import { and, eq, isNull, sql } from 'drizzle-orm';
import { executeRows } from '../../db/client.js';
import { providerEvents } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { reportEventReview } from './event-reviews.js';
import type { ProcessResult, RegisteredWebhookSource } from './webhook-source.js';

/** An event not processed within a minute (a crash, a provider outage) is picked up by the replay job. */
const FIRST_REPLAY_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** After this many tries (about a day) the event goes to the review queue. */
const MAX_ATTEMPTS = 30;
const REPLAY_BATCH = 20;

const backoffMs = (attempts: number) => Math.min(FIRST_REPLAY_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

type EventRef = { source: string; provider: string; eventKey: string };

const keyed = (ref: EventRef) =>
  and(
    eq(providerEvents.source, ref.source),
    eq(providerEvents.provider, ref.provider),
    eq(providerEvents.eventKey, ref.eventKey),
  );

const matching = (ref: EventRef) => and(keyed(ref), isNull(providerEvents.processedAt));

const reviewedColumns = {
  id: providerEvents.id,
  source: providerEvents.source,
  provider: providerEvents.provider,
  eventType: providerEvents.eventType,
  subject: providerEvents.subject,
  attempts: providerEvents.attempts,
};

type Owner = () => Promise<string | null>;

/** Whose event it is, for its review; an owner that cannot be found leaves the review without a user. */
const ownerFinder =
  (deps: Deps, source: Pick<RegisteredWebhookSource, 'ownerOf'> | undefined, subject: string | null): Owner =>
  async () =>
    subject && source?.ownerOf ? source.ownerOf(deps, subject).catch(() => null) : null;

/**
 * Records that an unprocessed event will not be tried again, with its outcome, and puts it in the review queue in
 * the same transaction.
 */
async function giveUp(
  deps: Deps,
  ref: EventRef,
  set: Partial<typeof providerEvents.$inferInsert>,
  reason: string,
  owner: Owner,
): Promise<void> {
  const userId = await owner();
  await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .update(providerEvents)
      .set({ ...set, nextAttemptAt: null })
      .where(matching(ref))
      .returning(reviewedColumns);
    if (event)
      await reportEventReview(tx, 'provider_event_unapplied', event, { reason, userId, details: {} }, deps.now());
  });
}

/** Runs the source's processing and records how it went; an error is recorded and passed on. */
async function processAndRecord(
  deps: Deps,
  ref: EventRef,
  apply: () => Promise<ProcessResult>,
  attemptsSoFar: number,
  owner: Owner,
): Promise<ProcessResult> {
  const attempts = attemptsSoFar + 1;
  const retryAt = () => (attempts >= MAX_ATTEMPTS ? null : new Date(deps.now().getTime() + backoffMs(attempts)));
  let result: ProcessResult;
  try {
    result = await apply();
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const next = retryAt();
    if (next) {
      await deps.db.update(providerEvents).set({ attempts, nextAttemptAt: next, lastError }).where(matching(ref));
    } else {
      deps.logger.error({ ...ref, attempts }, 'provider event kept failing; needs review');
      await giveUp(
        deps,
        ref,
        { attempts, lastError, outcome: 'review:failing' },
        `Applying this event failed ${attempts} times; the last error is kept on the event.`,
        owner,
      );
    }
    throw error;
  }
  if (result.done) {
    const processed = { processedAt: deps.now(), outcome: result.outcome, attempts, nextAttemptAt: null };
    const review = result.review;
    if (!review) {
      await deps.db.update(providerEvents).set(processed).where(matching(ref));
      return result;
    }
    await deps.db.transaction(async (tx) => {
      const [marked] = await tx.update(providerEvents).set(processed).where(matching(ref)).returning(reviewedColumns);
      // A redelivery under a key already processed can still contradict what we recorded (the issuer telling another
      // amount under the same reference): the review is about the stored event.
      const [event] = marked ? [marked] : await tx.select(reviewedColumns).from(providerEvents).where(keyed(ref));
      if (event) await reportEventReview(tx, 'provider_event_disagreement', event, review, deps.now());
    });
    return result;
  }
  const next = retryAt();
  if (next) {
    await deps.db
      .update(providerEvents)
      .set({ outcome: result.outcome, attempts, nextAttemptAt: next })
      .where(matching(ref));
  } else {
    deps.logger.error({ ...ref, outcome: result.outcome }, 'provider event could not be applied; needs review');
    await giveUp(
      deps,
      ref,
      { outcome: `review:${result.outcome}`, attempts },
      `This event could not be applied after ${attempts} attempts (the last outcome was ${result.outcome}).`,
      owner,
    );
  }
  return result;
}

/**
 * Verify first (a forged webhook is refused before anything is read or stored), keep the raw event, then let the
 * source's module apply it. The event is marked processed only after it was applied, so a crash in between is
 * repaired by the provider's next delivery or by the replay job.
 */
export async function receiveWebhook(
  deps: Deps,
  source: RegisteredWebhookSource,
  rawBody: string,
  signature: string | null,
): Promise<string> {
  const verified = source.verify(deps, rawBody, signature);
  const ref = { source: source.name, provider: source.provider(deps), eventKey: verified.eventKey };
  await deps.db
    .insert(providerEvents)
    .values({
      id: uuidv7(),
      ...ref,
      eventType: verified.eventType,
      subject: verified.subject,
      rawBody,
      signature,
      receivedAt: deps.now(),
      nextAttemptAt: new Date(deps.now().getTime() + FIRST_REPLAY_MS),
    })
    .onConflictDoNothing();
  const [stored] = await deps.db.select({ attempts: providerEvents.attempts }).from(providerEvents).where(keyed(ref));
  const owner = ownerFinder(deps, source, verified.subject);
  return (await processAndRecord(deps, ref, verified.apply, stored?.attempts ?? 0, owner)).outcome;
}

/**
 * The replay job: hands unprocessed events whose time has come back to their module. Each run leases a batch with
 * FOR UPDATE SKIP LOCKED by pushing next_attempt_at forward, so instances never replay the same event at once.
 */
export async function replayProviderEvents(
  deps: Deps,
  sources: readonly RegisteredWebhookSource[],
): Promise<{ replayed: number; applied: number }> {
  const now = deps.now();
  const leased = await executeRows<{
    source: string;
    provider: string;
    event_key: string;
    raw_body: string;
    signature: string | null;
    attempts: number;
    subject: string | null;
  }>(
    deps.db,
    sql`
      update provider_events set next_attempt_at = ${new Date(now.getTime() + FIRST_REPLAY_MS).toISOString()}
      where id in (
        select id from provider_events
        where processed_at is null and next_attempt_at is not null and next_attempt_at <= ${now.toISOString()}
        order by next_attempt_at
        limit ${REPLAY_BATCH}
        for update skip locked
      )
      returning source, provider, event_key, raw_body, signature, attempts, subject`,
  );
  let applied = 0;
  for (const row of leased) {
    const source = sources.find((candidate) => candidate.name === row.source);
    const ref = { source: row.source, provider: row.provider, eventKey: row.event_key };
    if (!source || source.provider(deps) !== row.provider) {
      // Stored under a provider that is no longer configured: nobody here can apply it.
      await giveUp(
        deps,
        ref,
        { outcome: 'review:provider-not-configured' },
        `This event came from ${row.provider}, which is no longer the configured ${row.source} provider.`,
        ownerFinder(deps, undefined, null),
      );
      continue;
    }
    const owner = ownerFinder(deps, source, row.subject);
    let verified: ReturnType<RegisteredWebhookSource['verify']>;
    try {
      verified = source.verify(deps, row.raw_body, row.signature);
    } catch (error) {
      // It verified when it arrived: failing now (a rotated secret) needs a person, not a retry every minute.
      deps.logger.error({ err: error, ...ref }, 'a stored provider event no longer verifies; needs review');
      await giveUp(
        deps,
        ref,
        { outcome: 'review:no-longer-verifies', attempts: Number(row.attempts) + 1 },
        "This event verified when it arrived but no longer does (the provider's secret may have changed).",
        owner,
      );
      continue;
    }
    try {
      const result = await processAndRecord(deps, ref, verified.apply, Number(row.attempts), owner);
      if (result.done) applied += 1;
    } catch (error) {
      deps.logger.warn({ err: error, ...ref }, 'a stored provider event could not be replayed; it will be tried again');
    }
  }
  return { replayed: leased.length, applied };
}
