import { issuerWebhookSource } from './modules/cards/issuer-webhooks.js';
import { paymentWebhookSource } from './modules/deposits/payment-webhooks.js';
import { type RegisteredWebhookSource, registerWebhookSource } from './modules/webhooks/webhook-source.js';

/** Every provider that sends webhooks; each gets `/api/webhooks/{name}` and the replay job. */
export const webhookSources: readonly RegisteredWebhookSource[] = [
  registerWebhookSource(paymentWebhookSource),
  registerWebhookSource(issuerWebhookSource),
];
