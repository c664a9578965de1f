import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createDeposit, postWebhook, settleSilently, signedWebhook } from '../../test/deposit-helpers.js';
import { expectLedgerInvariants } from '../../test/ledger-invariants.js';
import { reviewsOfUser } from '../../test/review-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Provider events nobody can apply go to the review queue, with the event as the subject and its user found
// through the order it names; never its raw body or signature.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await expectLedgerInvariants(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

/** A paid top-up whose webhook is stored but not applied: the provider was down when it arrived. */
async function storedEvent(email: string) {
  const { jar, user } = await t.signUpVerified(email);
  const deposit = (await createDeposit(t, jar, { currency: 'USDT', network: 'TRON', amountInUsd: 5000 })).json();
  await settleSilently(t, deposit.paymentUrl, 'paid', '50.00');
  const real = t.deps.payments.getInvoice;
  t.deps.payments.getInvoice = async () => {
    throw new Error('provider outage');
  };
  try {
    const body = signedWebhook(t, { order_id: deposit.orderId, amount: '50.00', status: 'paid' });
    expect((await postWebhook(t, body)).statusCode).toBe(200);
  } finally {
    t.deps.payments.getInvoice = real;
  }
  const [event] = await executeRows<{ id: string }>(
    t.deps.db,
    sql`select id from provider_events where subject = ${deposit.orderId}`,
  );
  return { user, deposit, eventId: event?.id ?? '' };
}

const outcomeOf = async (eventId: string) =>
  (
    await executeRows<{ outcome: string | null }>(
      t.deps.db,
      sql`select outcome from provider_events where id = ${eventId}`,
    )
  )[0]?.outcome;

describe('provider events that cannot be applied', () => {
  it('puts a stored event that no longer verifies in the review queue, once', async () => {
    const { user, deposit, eventId } = await storedEvent('no-longer-verifies@example.com');
    const real = t.deps.payments.verifyWebhook;
    t.deps.payments.verifyWebhook = () => {
      throw new AppError('InvalidSignature', 'The webhook signature is invalid.');
    };
    try {
      await t.runJobs({ waitsOver: true });
      await t.runJobs({ waitsOver: true });
    } finally {
      t.deps.payments.verifyWebhook = real;
    }
    expect(await outcomeOf(eventId)).toBe('review:no-longer-verifies');
    const reviews = await reviewsOfUser(t, user._id, 'provider_event_unapplied');
    expect(reviews).toMatchObject([
      {
        subject_type: 'provider_event',
        subject_id: eventId,
        reason: "This event verified when it arrived but no longer does (the provider's secret may have changed).",
        details: { source: 'payments', provider: 'sandbox', eventType: 'payment:paid', subject: deposit.orderId },
      },
    ]);
    expect(JSON.stringify(reviews[0]?.details)).not.toMatch(/sign|raw/i);
  });

  it('puts an event that kept failing in the review queue when its tries run out', async () => {
    const { user, eventId } = await storedEvent('kept-failing@example.com');
    // The event has been tried many times and its job is on its last retry.
    await executeRows(t.deps.db, sql`update provider_events set attempts = 29 where id = ${eventId}`);
    await executeRows(
      t.deps.db,
      sql`update pgboss.job set retry_count = retry_limit - 1 where name = 'provider-event' and singleton_key = ${eventId}`,
    );
    const real = t.deps.payments.getInvoice;
    t.deps.payments.getInvoice = async () => {
      throw new Error('provider outage');
    };
    try {
      await t.runJobs({ waitsOver: true });
    } finally {
      t.deps.payments.getInvoice = real;
    }
    expect(await outcomeOf(eventId)).toBe('review:failing');
    expect(await reviewsOfUser(t, user._id, 'provider_event_unapplied')).toMatchObject([
      { subject_id: eventId, reason: 'Applying this event failed 30 times; the last error is kept on the event.' },
    ]);
    // Given up to a person: neither the engine nor the sweep tries it again.
    t.clock.advance(2 * 60 * 60_000);
    expect(await t.runSchedules('sweep-provider-events')).toBe(0);
    await t.runJobs({ waitsOver: true });
    expect(await outcomeOf(eventId)).toBe('review:failing');
  });
});
