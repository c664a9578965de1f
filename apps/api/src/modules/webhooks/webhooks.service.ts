import { and, eq, isNull, lte } from 'drizzle-orm';
import { providerEvents } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { JobHandler } from '../../jobs/engine.js';
import { enqueueMissing, SWEEP_BATCH } from '../../jobs/sweep.js';
import { sha256 } from '../../lib/crypto.js';
import { uuidv7 } from '../../lib/ids.js';
import { reportEventReview } from './event-reviews.js';
import type { ProcessResult, RegisteredWebhookSource } from './webhook-source.js';

/** An event with no job after this long (made before the engine, or lost) is queued by the sweep. */
const SWEEP_AFTER_MS = 10 * 60_000;

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

/** Thrown to have the engine retry an event that cannot be applied yet (its card is busy, say). */
class NotYetApplied extends Error {}

/**
 * Runs the source's processing and records how it went. A failure, or an event that cannot be applied yet, is
 * recorded and thrown, so the engine retries the job; on the job's last try the event goes to the review queue.
 */
async function processAndRecord(
  deps: Deps,
  ref: EventRef,
  apply: () => Promise<ProcessResult>,
  attemptsSoFar: number,
  owner: Owner,
  isLastAttempt: boolean,
): Promise<void> {
  const attempts = attemptsSoFar + 1;
  let result: ProcessResult;
  try {
    result = await apply();
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    if (!isLastAttempt) {
      await deps.db.update(providerEvents).set({ attempts, lastError }).where(matching(ref));
      throw error;
    }
    deps.logger.error({ ...ref, attempts }, 'provider event kept failing; needs review');
    await giveUp(
      deps,
      ref,
      { attempts, lastError, outcome: 'review:failing' },
      `Applying this event failed ${attempts} times; the last error is kept on the event.`,
      owner,
    );
    return;
  }
  if (result.done) {
    const processed = { processedAt: deps.now(), outcome: result.outcome, attempts, nextAttemptAt: null };
    const review = result.review;
    if (!review) {
      await deps.db.update(providerEvents).set(processed).where(matching(ref));
      return;
    }
    await deps.db.transaction(async (tx) => {
      const [marked] = await tx.update(providerEvents).set(processed).where(matching(ref)).returning(reviewedColumns);
      // Two jobs for one event ran at once and the other marked it first: the review is still about this event.
      const [event] = marked ? [marked] : await tx.select(reviewedColumns).from(providerEvents).where(keyed(ref));
      if (event) await reportEventReview(tx, 'provider_event_disagreement', event, review, deps.now());
    });
    return;
  }
  if (!isLastAttempt) {
    await deps.db.update(providerEvents).set({ outcome: result.outcome, attempts }).where(matching(ref));
    throw new NotYetApplied(`the event cannot be applied yet (${result.outcome})`);
  }
  deps.logger.error({ ...ref, outcome: result.outcome }, 'provider event could not be applied; needs review');
  await giveUp(
    deps,
    ref,
    { outcome: `review:${result.outcome}`, attempts },
    `This event could not be applied after ${attempts} attempts (the last outcome was ${result.outcome}).`,
    owner,
  );
}

/**
 * Verify first (a forged webhook is refused before anything is read or stored), then keep the raw event and queue its
 * job in one transaction, and answer: the provider is acknowledged as soon as the event is safe, and the queue
 * applies it (retrying on our side, without waiting for the provider to send it again). A redelivery of an event not
 * yet applied gets a job if it has none.
 */
export async function receiveWebhook(
  deps: Deps,
  source: RegisteredWebhookSource,
  rawBody: string,
  signature: string | null,
): Promise<{ status: 'accepted' | 'already-received'; eventId: string | null }> {
  const verified = source.verify(deps, rawBody, signature);
  const ref = { source: source.name, provider: source.provider(deps), eventKey: verified.eventKey };
  const stored = await storeEvent(deps, ref, verified, rawBody, signature);
  if (stored) return { status: 'accepted', eventId: stored };
  const [known] = await deps.db
    .select({
      id: providerEvents.id,
      rawBody: providerEvents.rawBody,
      processedAt: providerEvents.processedAt,
      next: providerEvents.nextAttemptAt,
    })
    .from(providerEvents)
    .where(keyed(ref));
  if (known && canonical(known.rawBody) !== canonical(rawBody)) {
    // The same fact told differently (another amount under one reference): kept and applied as its own event, so
    // the module can judge it against what was recorded (it goes to review if it contradicts).
    const variant = { ...ref, eventKey: `${ref.eventKey}#${sha256(canonical(rawBody)).slice(0, 16)}` };
    const id = await storeEvent(deps, variant, verified, rawBody, signature);
    if (id) return { status: 'accepted', eventId: id };
  }
  if (known && !known.processedAt && known.next) {
    await enqueueMissing(deps, 'provider-event', [{ key: known.id, data: { eventId: known.id } }]);
  }
  return { status: 'already-received', eventId: known?.id ?? null };
}

/** A JSON body with its keys sorted and no spacing, so a re-formatted redelivery reads as the same event. */
function canonical(rawBody: string): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  };
  try {
    return JSON.stringify(sorted(JSON.parse(rawBody)));
  } catch {
    return rawBody;
  }
}

/** Keeps a verified event and queues its job, in one transaction; answers its id, or null if it was known. */
async function storeEvent(
  deps: Deps,
  ref: EventRef,
  verified: { eventType: string; subject: string | null },
  rawBody: string,
  signature: string | null,
): Promise<string | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(providerEvents)
      .values({
        id: uuidv7(),
        ...ref,
        eventType: verified.eventType,
        subject: verified.subject,
        rawBody,
        signature,
        receivedAt: now,
        nextAttemptAt: new Date(now.getTime() + SWEEP_AFTER_MS),
      })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    if (!row) return null;
    await deps.jobs.enqueue(tx, 'provider-event', { eventId: row.id }, { key: row.id });
    return row.id;
  });
}

/** The provider-event queue's handler, for the configured sources: applies one stored event. */
export function providerEventHandler(sources: readonly RegisteredWebhookSource[]): JobHandler<'provider-event'> {
  return async (deps, { eventId }, job) => {
    const [row] = await deps.db.select().from(providerEvents).where(eq(providerEvents.id, eventId));
    // Applied already, or waiting for a person in the review queue.
    if (!row || row.processedAt || row.nextAttemptAt === null) return;
    const ref = { source: row.source, provider: row.provider, eventKey: row.eventKey };
    const source = sources.find((candidate) => candidate.name === row.source);
    if (!source || source.provider(deps) !== row.provider) {
      // Stored under a provider that is no longer configured: nobody here can apply it.
      await giveUp(
        deps,
        ref,
        { outcome: 'review:provider-not-configured' },
        `This event came from ${row.provider}, which is no longer the configured ${row.source} provider.`,
        ownerFinder(deps, undefined, null),
      );
      return;
    }
    const owner = ownerFinder(deps, source, row.subject);
    let verified: ReturnType<RegisteredWebhookSource['verify']>;
    try {
      verified = source.verify(deps, row.rawBody, row.signature);
    } catch (error) {
      // It verified when it arrived: failing now (a rotated secret) needs a person, not a retry.
      deps.logger.error({ err: error, ...ref }, 'a stored provider event no longer verifies; needs review');
      await giveUp(
        deps,
        ref,
        { outcome: 'review:no-longer-verifies', attempts: row.attempts + 1 },
        "This event verified when it arrived but no longer does (the provider's secret may have changed).",
        owner,
      );
      return;
    }
    await processAndRecord(deps, ref, verified.apply, row.attempts, owner, job.isLastAttempt);
  };
}

/** The provider-event sweep: events neither applied nor given up, past their time, without a job. */
export async function sweepProviderEvents(deps: Deps): Promise<number> {
  const due = await deps.db
    .select({ id: providerEvents.id })
    .from(providerEvents)
    .where(and(isNull(providerEvents.processedAt), lte(providerEvents.nextAttemptAt, deps.now())))
    .orderBy(providerEvents.nextAttemptAt)
    .limit(SWEEP_BATCH);
  return enqueueMissing(
    deps,
    'provider-event',
    due.map(({ id }) => ({ key: id, data: { eventId: id } })),
  );
}
