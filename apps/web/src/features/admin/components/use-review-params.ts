import { REVIEW_KINDS, type ReviewKind, type ReviewStatus } from '@coincard/shared';
import { useSearchParams } from 'react-router';

const isKind = (value: string | null): value is ReviewKind => REVIEW_KINDS.some((kind) => kind === value);

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The queue's filter and page, kept in the address (`/reviews?status=resolved&kind=card_balance_divergence&page=2`)
 * so a view can be reloaded and shared. Open reviews are the default; a new filter starts again from page 1.
 */
export function useReviewParams() {
  const [params, setParams] = useSearchParams();
  const status: ReviewStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : null;
  const page = pageFrom(params.get('page'));

  const update = (next: { status: ReviewStatus; kind: ReviewKind | null; page: number }) =>
    setParams(() => {
      const query = new URLSearchParams();
      if (next.status === 'resolved') query.set('status', 'resolved');
      if (next.kind) query.set('kind', next.kind);
      if (next.page > 1) query.set('page', String(next.page));
      return query;
    });

  return {
    status,
    kind,
    page,
    setStatus: (next: ReviewStatus) => update({ status: next, kind, page: 1 }),
    setKind: (next: ReviewKind | null) => update({ status, kind: next, page: 1 }),
    setPage: (next: number) => update({ status, kind, page: next }),
  };
}
