import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React adopts a page prerendered at build time (and in that prerender), true from then on and for any
 * page rendered in the browser. A prerendered form is on screen before its code: its fields stay read-only until
 * then, because text typed into them earlier would be wiped by the first render that owns them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
