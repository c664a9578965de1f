/**
 * A live stream (GET /api/events) read over real HTTP as a browser's EventSource would: each server-sent event parsed
 * into its name and JSON data, heartbeats (comment lines) counted, waiting for the next event of a kind.
 */
export type StreamEvent = { event: string; data: unknown; id: string | null };

export async function openEventStream(baseUrl: string, cookie: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let heartbeats = 0;
  let ended = false;
  const waiter: { wake: (() => void) | null } = { wake: null };
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
  // A refusal is an ordinary JSON answer.
  const refusal = isStream ? null : ((await response.json()) as { message: string; errorCode: string });
  const reader = isStream ? response.body?.getReader() : undefined;
  const pump = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith(':') || line.startsWith('retry:'))) {
          if (lines.some((line) => line.startsWith(':'))) heartbeats += 1;
        } else {
          const field = (name: string) =>
            lines
              .find((line) => line.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim() ?? null;
          events.push({
            event: field('event') ?? 'message',
            data: JSON.parse(field('data') ?? 'null'),
            id: field('id'),
          });
        }
        split = buffer.indexOf('\n\n');
      }
      waiter.wake?.();
    }
    ended = true;
    waiter.wake?.();
  })();

  return {
    response,
    refusal,
    events,
    heartbeats: () => heartbeats,
    ended: () => ended,
    /** Waits for the first event (from `from` on) matching; throws after `timeoutMs` with what did arrive. */
    async next(match: (event: StreamEvent) => boolean, timeoutMs = 10_000, from = 0): Promise<StreamEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        if (ended || Date.now() > deadline) {
          throw new Error(`no matching live event${ended ? ' (stream ended)' : ''}; got ${JSON.stringify(events)}`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(250, deadline - Date.now()));
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    /** Waits for the server to end the stream; false if it was still open after `timeoutMs`. */
    async untilEnded(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return ended;
    },
    /** Waits for a heartbeat (a comment line); false if none came within `timeoutMs`. */
    async heartbeat(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (heartbeats === 0 && !ended && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return heartbeats > 0;
    },
    async close() {
      controller.abort();
      await pump.catch(() => undefined);
    },
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
