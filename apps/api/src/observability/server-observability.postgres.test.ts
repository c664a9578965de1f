import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { freePort, serverProcessSuite, startServerProcess } from '../test/server-process.js';

/** What an OTLP/HTTP JSON collector receives: spans with their names and attributes. */
type OtlpSpan = { name: string; attributes: { key: string; value: Record<string, unknown> }[] };
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

const suite = serverProcessSuite();
const received: OtlpExport[] = [];
let collector: Server;
let collectorUrl: string;

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') received.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

it('the server serves metrics on METRICS_PORT only, and exports traces once OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
  const metricsPort = await freePort();
  const server = await startServerProcess({
    databaseUrl: suite.database.url,
    port: await freePort(),
    env: {
      METRICS_PORT: String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
  expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  for (const name of [
    'nodejs_eventloop_lag_p99_seconds',
    'process_cpu_user_seconds_total',
    'coincard_db_pool_connections',
    'coincard_job_queue_depth{queue="mail"}',
    'coincard_circuit_state{service="card-issuer"}',
    'coincard_http_request_duration_seconds_count{method="GET",route="/api/health/ready",status_code="200"}',
  ]) {
    expect(metrics).toContain(name);
  }

  // The exporter sends its batches every 100 ms here; a query's span can end after the request's, so wait for both
  // rather than leaning on the stop's final export, which a busy machine can cut short.
  const attribute = (span: OtlpSpan, key: string) => span.attributes.find((entry) => entry.key === key)?.value;
  const spans = () =>
    received.flatMap((batch) =>
      batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
  await vi.waitFor(
    () => {
      expect(spans().some((span) => span.name === 'GET /api/health/ready')).toBe(true);
      expect(spans().some((span) => attribute(span, 'db.system.name')?.stringValue === 'postgresql')).toBe(true);
    },
    { timeout: 20_000, interval: 100 },
  );
  await server.stop();
});
