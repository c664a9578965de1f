import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';

/** What every verified webhook says about itself, whatever the provider. */
export type VerifiedWebhook<Event> = {
  /** Unique per delivery of one fact: a redelivery of the same fact has the same key. */
  eventKey: string;
  eventType: string;
  /** What it is about (an order id, an issuer card id), for finding events later. */
  subject: string | null;
  event: Event;
};

/**
 * `done: false` means the event cannot be applied yet (its card is busy, say): the replay job tries it again. `review`
 * means the event contradicts what was recorded and was not applied: it goes to the review queue, the event its subject.
 */
export type ProcessResult = { outcome: string; done: boolean; review?: EventReview };

/** Why a person must look at an event, in the module's words. */
export type EventReview = {
  reason: string;
  userId: string | null;
  /** Figures only (amounts, references, statuses); never the raw body or a signature. */
  details: Record<string, unknown>;
};

/**
 * A provider that sends webhooks. Its route is `/api/webhooks/{name}`; the shared code verifies, stores and replays
 * events, and the source's module decides what an event means.
 */
export type WebhookSource<Event = unknown> = {
  name: string;
  /** The implementation currently configured (recorded with each event). */
  provider: (deps: Deps) => string;
  /** The request header carrying the signature, when it is not inside the body. */
  signatureHeader?: string;
  /** The provider's sending addresses and ranges, when configured: anyone else is refused before anything is read. */
  allowedSenders?: (config: Config) => readonly string[] | undefined;
  /** Throws AppError InvalidSignature unless the provider signed these bytes. */
  verify: (deps: Deps, rawBody: string, signature: string | null) => VerifiedWebhook<Event>;
  /** Applies the event; must be idempotent, since providers redeliver and the replay job retries. */
  process: (deps: Deps, event: Event) => Promise<ProcessResult>;
  /** Whose money or card an event's subject (an order id, an issuer card id) concerns, for its review. */
  ownerOf?: (deps: Deps, subject: string) => Promise<string | null>;
};

/** A source as the shared webhook code sees it: the event type is sealed inside `apply`. */
export type RegisteredWebhookSource = {
  name: string;
  provider: (deps: Deps) => string;
  signatureHeader?: string;
  allowedSenders?: (config: Config) => readonly string[] | undefined;
  ownerOf?: (deps: Deps, subject: string) => Promise<string | null>;
  verify: (
    deps: Deps,
    rawBody: string,
    signature: string | null,
  ) => Omit<VerifiedWebhook<unknown>, 'event'> & { apply: () => Promise<ProcessResult> };
};

export function registerWebhookSource<Event>(source: WebhookSource<Event>): RegisteredWebhookSource {
  return {
    name: source.name,
    provider: source.provider,
    signatureHeader: source.signatureHeader,
    allowedSenders: source.allowedSenders,
    ownerOf: source.ownerOf,
    verify(deps, rawBody, signature) {
      const { event, ...meta } = source.verify(deps, rawBody, signature);
      return { ...meta, apply: () => source.process(deps, event) };
    },
  };
}
