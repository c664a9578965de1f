import { useSearchParams } from 'react-router';
import { type AuditFilters, NO_AUDIT_FILTERS } from '../api/get-audit-log';

const FILTER_NAMES = Object.keys(NO_AUDIT_FILTERS) as (keyof AuditFilters)[];

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The audit log's filters and page, kept in the address (`?action=admin.user_suspended&targetUserId=…&page=2`) so a filtered view
 * can be reloaded, shared and reached from a user's detail page.
 */
export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, (params.get(name) ?? '').trim()]),
  ) as AuditFilters;
  const page = pageFrom(params.get('page'));

  /** New filters start again from page 1. */
  const applyFilters = (next: AuditFilters) => {
    setParams(() => {
      const query = new URLSearchParams();
      for (const name of FILTER_NAMES) {
        const value = next[name].trim();
        if (value) query.set(name, value);
      }
      return query;
    });
  };

  const setPage = (nextPage: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
      return next;
    });
  };

  const activeCount = FILTER_NAMES.filter((name) => filters[name] !== '').length;
  return { filters, page, applyFilters, setPage, activeCount };
}
