import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter, TimedEvent } from '@opentelemetry/sdk-trace-node';
import { redactUrl } from '../lib/logger.js';

/** Attributes holding a URL, a path or a query string. */
const URL_ATTRIBUTES = new Set(['url.full', 'url.path', 'url.query', 'url.original', 'http.url', 'http.target']);

/**
 * Attributes never exported, whatever an instrumentation was set to record: headers (cookies, authorization, the
 * providers' tokens), bodies, and a query's parameter values (pg's enhanced reporting).
 */
const DROPPED_ATTRIBUTE =
  /header|cookie|authorization|body|password|secret|token|cvv|card[._-]?number|db\.postgresql\.values|db\.query\.parameter/i;

/** Every value of a query string: a code or a token may travel there. */
export function redactQueryValues(text: string): string {
  return text.replace(/([?&][^=&#]*=)[^&#]*/g, '$1[redacted]');
}

/** A URL or path as it may be exported: the keys in its path (verification codes, sandbox card ids) and query values go. */
export function redactUrlText(text: string): string {
  return redactQueryValues(redactUrl(text));
}

/** Drizzle's query errors carry the parameters in their message ("params: …"), as in the log (lib/logger.ts). */
function redactErrorText(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]').replace(/^params: .*$/gm, 'params: [redacted]');
}

function redactValue(key: string, value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value !== 'string') return value;
  if (URL_ATTRIBUTES.has(key)) return redactUrlText(value);
  if (key.startsWith('exception.') || key === 'error.message') return redactErrorText(value);
  return value;
}

function redactAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (DROPPED_ATTRIBUTE.test(key)) continue;
    kept[key] = redactValue(key, value);
  }
  return kept;
}

function redactEvent(event: TimedEvent): TimedEvent {
  return { ...event, attributes: event.attributes && redactAttributes(event.attributes) };
}

/** A span as it may leave the process: the same span, its attributes, events and status message redacted. */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status.message ? { ...span.status, message: redactErrorText(span.status.message) } : span.status,
    attributes: redactAttributes(span.attributes),
    links: span.links,
    events: span.events.map(redactEvent),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/**
 * The last gate before spans leave the process: whatever exporter is configured only ever sees redacted spans. The
 * instrumentations are set up not to record secrets in the first place (observability/tracing.ts); this holds even if
 * one of them starts recording something new after an upgrade.
 */
export function redactingExporter(inner: SpanExporter): SpanExporter {
  return {
    export: (spans, done) => inner.export(spans.map(redactSpan), done),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
  };
}
