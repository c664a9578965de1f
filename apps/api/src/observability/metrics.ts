import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { jobObserverMetrics, registerQueueMetrics } from '../jobs/job-metrics.js';
import type { JobObserver } from '../jobs/job-observer.js';
import type { CircuitOptions, CircuitStateName } from '../lib/circuit-breaker.js';
import { registerPoolMetrics } from './pool-metrics.js';

export type WebhookRefusal = 'bad-signature' | 'sender-not-allowed';

/**
 * What the app counts, for Prometheus (docs/operations.md, Observability). Domain code calls the business counters
 * once its change has committed; it never sees prom-client. Each Metrics has a registry of its own, so every test app
 * counts for itself.
 */
export type Metrics = {
  /** A top-up credited to a balance: one more, and its cents. */
  topUpCredited: (cents: number) => void;
  /** A card movement settled at the issuer (completed) or reversed (failed), by kind (fund, unload, close, fee). */
  cardOperationSettled: (kind: string, outcome: 'completed' | 'failed') => void;
  /** A webhook refused before anything was stored. */
  webhookRefused: (source: string, reason: WebhookRefusal) => void;
  /** The circuit options for an outside service's breaker: its state is then a gauge (0 closed, 1 half-open, 2 open). */
  circuit: (service: string) => CircuitOptions;
  /** Fed by the job engine: jobs started (and how long they waited) and finished. */
  jobs: JobObserver;
  /** One answered HTTP request, by route pattern (never the raw URL, which holds ids and codes). */
  httpRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** An alert raised (counted by the instance that raised it, once its transaction committed), by kind. */
  alertRaised: (kind: string) => void;
  /** A live stream (GET /api/events) opened or closed on this instance; refused ones by reason. */
  liveStream: (change: 'opened' | 'closed') => void;
  liveStreamRefused: (reason: 'per-user-limit') => void;
  /** Everything, in Prometheus' text format. */
  scrape: () => Promise<{ contentType: string; text: string }>;
};

const CIRCUIT_VALUES: Record<CircuitStateName, number> = { closed: 0, 'half-open': 1, open: 2 };

/** Latency buckets for requests: most answer in milliseconds; a provider call can take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type MetricsOptions = {
  /** The database whose pool (PostgreSQL) and job queues are read at scrape time. */
  db?: Database;
  /** The process' own metrics (CPU, memory, event-loop delay, GC): once per process, so the server's only. */
  processMetrics?: boolean;
};

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  if (options.db) {
    registerPoolMetrics(registry, options.db);
    registerQueueMetrics(registry, options.db);
  }

  const http = new Histogram({
    name: 'coincard_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code (its _count is the request count).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const topUps = new Counter({
    name: 'coincard_topups_credited_total',
    help: 'Top-ups credited to a balance.',
    registers: [registry],
  });
  const topUpCents = new Counter({
    name: 'coincard_topups_credited_cents_total',
    help: 'US cents credited to balances by top-ups.',
    registers: [registry],
  });
  const cardOperations = new Counter({
    name: 'coincard_card_operations_settled_total',
    help: 'Card movements settled, by kind and outcome (completed at the issuer, or failed and reversed).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const webhooksRefused = new Counter({
    name: 'coincard_webhooks_refused_total',
    help: 'Webhooks refused before anything was stored, by source and reason.',
    labelNames: ['source', 'reason'] as const,
    registers: [registry],
  });
  const circuitState = new Gauge({
    name: 'coincard_circuit_state',
    help: "A circuit breaker's state in front of an outside service: 0 closed, 1 half-open (trying), 2 open (failing fast).",
    labelNames: ['service'] as const,
    registers: [registry],
  });
  const circuitOpened = new Counter({
    name: 'coincard_circuit_opened_total',
    help: 'Times a circuit breaker opened (an outage seen), by service; catches an open-and-close between scrapes.',
    labelNames: ['service'] as const,
    registers: [registry],
  });

  const alertsRaised = new Counter({
    name: 'coincard_alerts_raised_total',
    help: 'Alerts raised for owners, by kind; counted by the instance that raised each, once committed.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const liveStreams = new Gauge({
    name: 'coincard_live_streams_open',
    help: 'Live event streams (server-sent events, GET /api/events) open on this instance.',
    registers: [registry],
  });
  const liveRefused = new Counter({
    name: 'coincard_live_streams_refused_total',
    help: 'Live event streams refused, by reason (per-user-limit: that user already has the most open here).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  return {
    alertRaised(kind) {
      alertsRaised.inc({ kind });
    },
    liveStream(change) {
      if (change === 'opened') liveStreams.inc();
      else liveStreams.dec();
    },
    liveStreamRefused(reason) {
      liveRefused.inc({ reason });
    },
    topUpCredited(cents) {
      topUps.inc();
      topUpCents.inc(cents);
    },
    cardOperationSettled(kind, outcome) {
      cardOperations.inc({ kind, outcome });
    },
    webhookRefused(source, reason) {
      webhooksRefused.inc({ source, reason });
    },
    circuit(service) {
      circuitState.set({ service }, CIRCUIT_VALUES.closed);
      circuitOpened.inc({ service }, 0);
      return {
        onStateChange(state) {
          circuitState.set({ service }, CIRCUIT_VALUES[state]);
          if (state === 'open') circuitOpened.inc({ service });
        },
      };
    },
    jobs: jobObserverMetrics(registry),
    httpRequest(method, route, status, seconds) {
      http.observe({ method, route, status_code: String(status) }, seconds);
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
