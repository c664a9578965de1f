import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/** Requests that matched no route share one label, so a scan of random URLs cannot grow the series without end. */
const UNMATCHED = 'unmatched';

/** Every answered request, labelled by the route pattern it matched (/api/cards/:id), never by its raw URL. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
