import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * An admin list's page and search term, kept in the address (`?search=ali&page=2`) so reloads and the back
 * button bring the same view back. The box shows what is typed at once; the list follows after a pause.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageFrom(params.get('page'));

  const [draft, setDraft] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // The address changed (the debounced search, the back button, a link): the box follows unless it already
  // says the same, so a space typed at the pause is not trimmed away under the cursor.
  if (search !== shownSearch) {
    setShownSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  const applySearch = useCallback(
    (term: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const trimmed = term.trim();
          if (trimmed === (current.get('search') ?? '').trim()) return current;
          if (trimmed) next.set('search', trimmed);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        // Each keystroke pause is not a place to go back to: the search replaces the entry.
        { replace: true },
      );
    },
    [setParams],
  );
  const debouncedApply = useDebouncedCallback(applySearch, SEARCH_DEBOUNCE_MS);

  const changeSearch = (term: string) => {
    setDraft(term);
    debouncedApply(term);
  };

  /** Enter searches at once instead of waiting for the pause. */
  const searchNow = () => debouncedApply.flush();

  const clearSearch = () => {
    debouncedApply.cancel();
    setDraft('');
    applySearch('');
  };

  const setPage = (nextPage: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });
  };

  return { page, search, draft, changeSearch, searchNow, clearSearch, setPage };
}
