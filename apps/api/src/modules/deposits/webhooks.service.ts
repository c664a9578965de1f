import { and, eq, isNull } from 'drizzle-orm';
import { paymentWebhookEvents } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { uuidv7 } from '../../lib/ids.js';
import { type ApplyOutcome, applyProviderState } from './apply-provider-state.js';

/**
 * Verify first (a forged webhook is refused before anything is read), keep the raw event, then ask the provider
 * what really happened and apply that. The stored event is marked processed only after the state is applied,
 * so a crash in between is repaired by the provider's next delivery or by reconciliation.
 */
export async function handlePaymentWebhook(deps: Deps, rawBody: string): Promise<ApplyOutcome> {
  const event = deps.payments.verifyWebhook(rawBody);
  await deps.db
    .insert(paymentWebhookEvents)
    .values({
      id: uuidv7(),
      provider: deps.payments.name,
      eventKey: event.eventKey,
      orderId: event.orderId,
      rawBody,
      receivedAt: deps.now(),
    })
    .onConflictDoNothing();
  const markProcessed = () =>
    deps.db
      .update(paymentWebhookEvents)
      .set({ processedAt: deps.now() })
      .where(
        and(
          eq(paymentWebhookEvents.provider, deps.payments.name),
          eq(paymentWebhookEvents.eventKey, event.eventKey),
          isNull(paymentWebhookEvents.processedAt),
        ),
      );
  const known = await deps.db.query.deposits.findFirst({
    where: (d, { eq: equals }) => equals(d.orderId, event.orderId),
  });
  if (!known) {
    deps.logger.warn({ orderId: event.orderId }, 'payment webhook for an unknown order; acknowledged');
    await markProcessed();
    return 'unknown-order';
  }
  const state = await deps.payments.getInvoice(event.orderId);
  // The info answer may omit the USD value received; the signed webhook for the same status then supplies it.
  const amountPaidCents =
    state.amountPaidCents ?? (event.providerStatus === state.providerStatus ? event.amountPaidCents : null);
  const outcome = await applyProviderState(deps, { ...state, amountPaidCents });
  await markProcessed();
  return outcome;
}
