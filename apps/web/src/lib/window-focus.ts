import { focusManager } from '@tanstack/react-query';

/**
 * TanStack Query notices a tab shown again (visibilitychange), not a window focused again: a checkout opened in a
 * window of its own leaves this one visible the whole time, so coming back from paying there said nothing. Both
 * now count as a return, and the queries that refetch on one (a pending top-up) read again at once.
 */
export function listenForWindowFocus(): void {
  focusManager.setEventListener((handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    const onReturn = () => handleFocus();
    window.addEventListener('visibilitychange', onReturn, false);
    window.addEventListener('focus', onReturn, false);
    return () => {
      window.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  });
}
