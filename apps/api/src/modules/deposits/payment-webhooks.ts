import { eq } from 'drizzle-orm';
import { deposits } from '../../db/schema/index.js';
import type { PaymentWebhook } from '../../providers/payments/payment-provider.js';
import type { WebhookSource } from '../webhooks/webhook-source.js';
import { applyProviderState } from './apply-provider-state.js';

/**
 * Payment provider webhooks are only a wake-up call: after the signature is verified, the app asks the provider
 * what really happened and applies that, so a signed but stale or reordered webhook cannot credit a wrong amount.
 * What the webhook says about the amount fills in what the info answer leaves out, for the same status only.
 */
export const paymentWebhookSource: WebhookSource<PaymentWebhook> = {
  name: 'payments',
  provider: (deps) => deps.payments.name,
  allowedSenders: (config) => config.PAYMENTS_WEBHOOK_ALLOWED_IPS,
  verify(deps, rawBody) {
    const event = deps.payments.verifyWebhook(rawBody);
    return { eventKey: event.eventKey, eventType: `payment:${event.providerStatus}`, subject: event.orderId, event };
  },
  async ownerOf(deps, orderId) {
    const [deposit] = await deps.db
      .select({ userId: deposits.userId })
      .from(deposits)
      .where(eq(deposits.orderId, orderId));
    return deposit?.userId ?? null;
  },
  async process(deps, event) {
    const known = await deps.db.query.deposits.findFirst({
      where: (d, { eq: equals }) => equals(d.orderId, event.orderId),
    });
    if (!known) {
      deps.logger.warn({ orderId: event.orderId }, 'payment webhook for an unknown order; acknowledged');
      return { outcome: 'unknown-order', done: true };
    }
    const state = await deps.payments.getInvoice(event.orderId);
    const outcome = await applyProviderState(deps, state, event);
    return { outcome, done: true };
  },
};
