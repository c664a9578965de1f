import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

export type MetricsServer = { url: string; close: () => Promise<void> };

/**
 * Prometheus' /metrics on a port of its own (METRICS_PORT, on METRICS_HOST: localhost by default), never on the public
 * one: what is counted (routes, queues, money totals) is for the operator, and a scrape must not compete with, or be
 * shed like, the traffic it measures.
 */
export async function startMetricsServer(
  metrics: Pick<Metrics, 'scrape'>,
  options: { host: string; port: number; logger: Pick<Logger, 'warn'> },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: metrics are at /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => {
        response.writeHead(200, { 'content-type': contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.logger.warn({ err: error }, 'the metrics could not be collected');
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end('The metrics could not be collected.\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes: closing must not wait for it.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `METRICS_PORT ${options.port} on ${options.host} is in use (another instance on this host?): set METRICS_PORT to a free port, or 0 for any.`,
            )
          : error,
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
