import { focusManager, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Refetches a query every `intervalMs` until `isDone` holds for its data or `maxMs` has passed: for money the server
 * accepted but that arrives a moment later (a deleted card's balance on its way back), when nothing on screen polls.
 * A hidden tab is not polled; the next tick after it is shown again asks at once.
 */
export function refetchUntil<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  isDone: (data: T | undefined) => boolean,
  { intervalMs = 1500, maxMs = 60_000 } = {},
): void {
  const startedAt = Date.now();
  const tick = async () => {
    if (focusManager.isFocused()) await queryClient.refetchQueries({ queryKey });
    if (isDone(queryClient.getQueryData<T>(queryKey)) || Date.now() - startedAt > maxMs) return;
    setTimeout(() => void tick(), intervalMs);
  };
  setTimeout(() => void tick(), intervalMs);
}
