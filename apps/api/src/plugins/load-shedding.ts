import { getHeapStatistics } from 'node:v8';
import fastifyUnderPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HEALTH_PATHS } from '../modules/health/health.routes.js';

type PressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

/** How long a client shed under pressure is asked to wait: long enough for a backlog to clear. */
const RETRY_AFTER_SECONDS = 5;

/** By default on PostgreSQL, shed while the event loop lags this much on average over a second. */
const DEFAULT_EVENT_LOOP_DELAY_MS = 1000;

/** By default, shed once the heap in use passes this share of V8's limit: past it, garbage collection takes over. */
const DEFAULT_HEAP_SHARE = 0.9;

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or the heap is nearly full, new requests are
 * answered 503 at once, before any work, rather than queueing until they all time out. Samples are taken every
 * second (LOAD_SHED_* settings). The health routes always answer, so a probe sees the process is alive (readiness says the rest).
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const heapMb = config.LOAD_SHED_MAX_HEAP_USED_MB;
  const maxHeapUsedBytes =
    heapMb === undefined ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE) : heapMb * 1024 * 1024;
  // The embedded PGlite runs every query on the event loop, so there its delay measures the database's work rather
  // than overload (and the embedded mode is one person's demo): shedding on it is off unless asked for.
  const maxEventLoopDelay =
    config.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS ?? (config.isEmbedded ? 0 : DEFAULT_EVENT_LOOP_DELAY_MS);
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay,
    maxHeapUsedBytes,
    retryAfter: RETRY_AFTER_SECONDS,
    // The plugin sends whatever the handler returns (index.js, handlePressure), though its types say void.
    pressureHandler: shed as unknown as PressureHandler,
  });
}

/** A shed request's answer (under-pressure sends what this returns); returning nothing lets the request through. */
function shed(request: FastifyRequest, reply: FastifyReply) {
  if (request.routeOptions.url && HEALTH_PATHS.has(request.routeOptions.url)) return undefined;
  reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
  return {
    message: 'The service is busy right now. Please try again in a few seconds.',
    errorCode: 'ServiceUnavailable',
  };
}
