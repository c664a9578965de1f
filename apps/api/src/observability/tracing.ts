import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import pg from 'pg';
import type { Config } from '../config.js';
import { redactingExporter, redactUrlText } from './span-redaction.js';

export type Tracing = {
  /** Exports every span ended so far (tests read the exporter after it). */
  flush: () => Promise<void>;
  /** Exports what is left and stops tracing; the pg client is restored. */
  shutdown: () => Promise<void>;
};

export type TracingOptions = {
  exporter: SpanExporter;
  serviceName: string;
  sampler?: Sampler;
  /** Export each span as it ends instead of in batches (tests). */
  immediate?: boolean;
};

/**
 * The app's modules are ECMAScript modules, which OpenTelemetry's require hook never sees, and a loader hook would have
 * to be given to node on its command line. node-postgres is loaded already when tracing starts, so the
 * instrumentation's own patches are applied to the module the app uses (the path bundlers take): the client's query
 * and the pool's connect, on their prototypes, for every pool and client, the job engine's included.
 */
function patchLoadedPg(instrumentation: PgInstrumentation): () => void {
  const definitions = instrumentation.getModuleDefinitions();
  const targets: Record<string, unknown> = { pg, 'pg-pool': Object.getPrototypeOf(pg.Pool) };
  for (const definition of definitions) definition.patch?.(targets[definition.name]);
  return () => {
    for (const definition of definitions) definition.unpatch?.(targets[definition.name]);
  };
}

/**
 * Traces of requests (@fastify/otel), their PostgreSQL queries (node-postgres) and outgoing calls to the providers
 * (fetch, through undici's diagnostics channels). Nothing secret is recorded: no SQL parameters, no headers, no bodies,
 * URLs with their codes and query values redacted; and every span passes a redacting exporter on its way out.
 * Call before the app is built: the Fastify instrumentation attaches itself to each instance as it is created.
 */
export function startTracing(options: TracingOptions): Tracing {
  const exporter = redactingExporter(options.exporter);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    sampler: options.sampler,
    spanProcessors: [options.immediate ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register();
  const pgInstrumentation = new PgInstrumentation({
    // Parameters (codes, hashes, addresses) stay out of spans; the statement text has none (Drizzle binds values).
    enhancedDatabaseReporting: false,
    // Queries inside a request or a traced call only: the engine's polling would otherwise be a trace every second.
    requireParentSpan: true,
    // Taking a connection from the pool is not a span of its own (two a request); the pool's waits are a metric.
    ignoreConnectSpans: true,
  });
  const instrumentations: Instrumentation[] = [
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      // One span per request, its queries and calls beneath it: a span per hook and for the handler (a dozen a
      // request) would say little and cost much.
      instrumentHooks: false,
      instrumentHandler: false,
      requestHook(span, request) {
        const route = request.routeOptions.url ?? 'unmatched';
        span.updateName(`${request.method} ${route}`);
        span.setAttribute('url.path', redactUrlText(request.url));
      },
    }),
    pgInstrumentation,
    new UndiciInstrumentation({
      startSpanHook(request) {
        const url = `${request.origin}${request.path}`;
        const { pathname, search } = new URL(url);
        return {
          'url.full': redactUrlText(url),
          'url.path': redactUrlText(pathname),
          'url.query': redactUrlText(search),
        };
      },
    }),
  ];
  const unregister = registerInstrumentations({ instrumentations, tracerProvider: provider });
  const unpatchPg = patchLoadedPg(pgInstrumentation);
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      unpatchPg();
      unregister();
      await provider.shutdown();
    },
  };
}

function samplerOf(config: Config): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
  switch (config.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** Tracing as configured (config.ts): null unless exporting is turned on. Headers (OTEL_EXPORTER_OTLP_HEADERS) are read by the exporter. */
export function startConfiguredTracing(config: Config): Tracing | null {
  if (!config.tracesEndpoint) return null;
  const url = config.tracesEndpoint;
  const exporter =
    config.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json'
      ? new OtlpJsonExporter({ url })
      : new OtlpProtobufExporter({ url });
  return startTracing({ exporter, serviceName: config.OTEL_SERVICE_NAME, sampler: samplerOf(config) });
}
