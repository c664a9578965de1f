import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The router leaves scrolling to the app: a new page starts at the top. A URL with a hash is left to the page
 * (the landing and info pages scroll to the section), and back/forward keeps the browser's own position.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger; its value is not read.
  useEffect(() => {
    if (hash || navigationType === 'POP') return;
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
