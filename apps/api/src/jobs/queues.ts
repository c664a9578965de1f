/**
 * Every queue of background work, what one job of it carries, and how the engine retries it
 * (docs/decisions/025-job-engine-and-outbox.md). A job is one item of work: one mail, one card movement, one provider
 * event. A scheduled queue receives one job per firing of its cron schedule, once across all instances.
 *
 * Retries: `retryDelay` seconds, doubled each time (with jitter) when `retryBackoff` is on; after `retryLimit` retries
 * the job is failed for good, a dead letter the admin console lists and can send back. Work that only has to wait
 * (a movement the issuer has not confirmed yet) is not a failure: its handler enqueues the next look at a later time.
 */
/** The engine's tables live in their own schema beside the app's. */
export const JOB_SCHEMA = 'pgboss';

export type QueuePayloads = {
  /** One mail, sealed (it may hold a sign-in code or a reset link). */
  mail: { sealed: string };
  /** One sign-up, sealed (the address and the password's argon2id hash): the account or the owner's notice. */
  'sign-up': { sealed: string };
  /** One "forgot password" request, sealed (the address): the reset link if the account exists. */
  'password-reset': { sealed: string };
  /** One stored provider webhook to apply. */
  'provider-event': { eventId: string };
  /** One card movement to hand to the issuer, or to ask the issuer about. */
  'card-operation': { operationId: string };
  /** One new card to create and activate at the issuer. */
  'card-creation': { cardId: string };
  /** One identity submission to register with the issuer (its decision comes back by webhook). */
  'cardholder-verification': { verificationId: string };
  /** One deleted card to empty and close at the issuer. */
  'card-close': { cardId: string };
  /** One card whose frozen state the issuer must be brought to match. */
  'card-issuer-state': { cardId: string };
  /** One top-up to ask the payment provider about. */
  'deposit-check': { orderId: string };
} & { [Name in ScheduleName]: Record<string, never> };

/** Queues fed by a cron schedule (jobs/schedules.ts). */
export type ScheduleName =
  | 'sweep-deposits'
  | 'sweep-card-work'
  | 'sweep-provider-events'
  | 'charge-monthly-fees'
  | 'reconcile-card-balances'
  | 'prune-expired-rows'
  | 'reseal-secrets'
  | 'sandbox-issuer-back-office';

export type QueueName = keyof QueuePayloads;

export type QueuePolicy = {
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job running longer than this (its instance died, say) is failed and retried. */
  expireInSeconds: number;
  /** Jobs one worker takes at a time and runs side by side, each with its own outcome. */
  batchSize: number;
  /** Workers per instance: two, so one slow batch never holds the queue up on that instance. */
  workers: number;
};

/** Calls to a provider: a few quick retries, then doubling up to about a day, then a dead letter. */
const providerCall: QueuePolicy = {
  retryLimit: 12,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 120,
  batchSize: 5,
  workers: 2,
};

const sweep: QueuePolicy = {
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 300,
  batchSize: 1,
  workers: 1,
};

export const QUEUE_POLICIES: Record<QueueName, QueuePolicy> = {
  // A sign-in code lives ten minutes: mail is retried every 10 s (not doubling), so it goes out as soon as the mail
  // server is back; the SMTP circuit breaker keeps an outage from costing a connection per try. About an hour.
  mail: { retryLimit: 360, retryDelay: 10, retryBackoff: false, expireInSeconds: 60, batchSize: 10, workers: 2 },
  'sign-up': { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60, batchSize: 10, workers: 1 },
  'password-reset': {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 60,
    batchSize: 10,
    workers: 1,
  },
  'provider-event': {
    retryLimit: 12,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 120,
    batchSize: 10,
    workers: 2,
  },
  'card-operation': providerCall,
  'card-creation': providerCall,
  'cardholder-verification': providerCall,
  'card-close': providerCall,
  'card-issuer-state': providerCall,
  'deposit-check': providerCall,
  'sweep-deposits': sweep,
  'sweep-card-work': sweep,
  'sweep-provider-events': sweep,
  'charge-monthly-fees': sweep,
  'reconcile-card-balances': sweep,
  'prune-expired-rows': sweep,
  'reseal-secrets': sweep,
  'sandbox-issuer-back-office': sweep,
};

export const QUEUE_NAMES = Object.keys(QUEUE_POLICIES) as QueueName[];
