/**
 * The one back-off for waits the app schedules itself (the engine has its own for failed jobs): the base, doubled for
 * each attempt after the first, capped.
 */
export function backoffMs(attempts: number, options: { baseMs: number; maxMs: number }): number {
  return Math.min(options.baseMs * 2 ** Math.max(0, attempts - 1), options.maxMs);
}
