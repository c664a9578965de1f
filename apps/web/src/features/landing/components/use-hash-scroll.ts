import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

function scrollToHash(hash: string, behavior: ScrollBehavior): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView?.({ behavior, block: 'start' });
  return target;
}

/**
 * Scroll handling for the public pages, which the router leaves to the page:
 * - a hash (#features, /faq#fees) scrolls to its element, smoothly within the page and at once when the page
 *   has just opened (again once the web font has loaded, as that moves the layout), and focus moves there so
 *   keyboard users continue from the section they chose;
 * - a new page without a hash starts at the top through the app-wide ScrollToTop.
 */
export function useHashScroll() {
  const { pathname, hash, key } = useLocation();
  const openingKey = useRef(key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, even to the same hash.
  useEffect(() => {
    const isFirst = key === openingKey.current;
    if (!hash) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const target = scrollToHash(hash, isFirst || reduceMotion ? 'auto' : 'smooth');
    target?.focus({ preventScroll: true });
    if (isFirst) {
      let cancelled = false;
      void document.fonts?.ready.then(() => {
        if (!cancelled) scrollToHash(hash, 'auto');
      });
      return () => {
        cancelled = true;
      };
    }
  }, [pathname, hash, key]);
}
