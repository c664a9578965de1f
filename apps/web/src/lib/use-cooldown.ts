import { useCallback, useState } from 'react';
import { useSecondsLeft } from './countdown';

const deadlineIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A wait before something may be asked again (resending a code): the whole seconds left, and a way to start it. */
export function useCooldown(initialSeconds = 0) {
  const [deadline, setDeadline] = useState<string | null>(() =>
    initialSeconds > 0 ? deadlineIn(initialSeconds) : null,
  );
  const secondsLeft = useSecondsLeft(deadline);
  const start = useCallback((seconds: number) => setDeadline(deadlineIn(seconds)), []);
  return { secondsLeft, start };
}
