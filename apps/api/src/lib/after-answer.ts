import type { Logger } from 'pino';

/**
 * Work a route finishes after it has sent its answer (a sign-up creates the account after answering, so a new and
 * a taken address answer alike). Kept here so a shutdown, and a test reading the database after a request, can
 * wait for it; a failure is logged, since the answer has already gone.
 */
export type AfterAnswer = {
  run(label: string, work: () => Promise<void>): void;
  /** Resolves once no such work is under way. */
  settled(): Promise<void>;
};

export function createAfterAnswer(logger: Logger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(label, work) {
      const running = work()
        .catch((error) => logger.error({ err: error }, `${label} failed after it was answered`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
