import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus to the first field marked invalid inside `ref` once the marks are on screen, so a keyboard or screen
 * reader user lands on the field the server refused (its message is the field's description).
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);
  const focusFirstInvalid = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, focusFirstInvalid };
}
