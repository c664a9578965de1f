import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the section named by the URL hash whenever the location changes (also after arriving from another
 * page, when the browser's own jump happened before the lazy page rendered), then moves focus there so keyboard
 * users continue from the section they chose.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, even to the same hash.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
