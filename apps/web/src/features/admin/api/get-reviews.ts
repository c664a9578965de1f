import {
  DEFAULT_PAGE_SIZE,
  type ReviewKind,
  type ReviewStatus,
  type ReviewsPage,
  reviewsPageSchema,
} from '@coincard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminReviewsQueryKey } from './admin-user-query-keys';

/** What the review queue shows: open or resolved reviews, of every kind or of one, a page at a time. */
export type ReviewsParams = { status: ReviewStatus; kind: ReviewKind | null; page: number };

/** `?status=open&page=1&pageSize=10`, with `kind` when one is chosen. */
export function reviewsQueryString({ status, kind, page }: ReviewsParams): string {
  const query = new URLSearchParams({ status });
  if (kind) query.set('kind', kind);
  query.set('page', String(page));
  query.set('pageSize', String(DEFAULT_PAGE_SIZE));
  return query.toString();
}

export function getReviews(params: ReviewsParams, signal?: AbortSignal): Promise<ReviewsPage> {
  return api.get(`/admin/reviews?${reviewsQueryString(params)}`, import.meta.env.DEV && reviewsPageSchema, signal);
}

export function reviewsQueryOptions(params: ReviewsParams) {
  return queryOptions({
    queryKey: [...adminReviewsQueryKey, params],
    queryFn: ({ signal }) => getReviews(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

export function useReviewsQuery(params: ReviewsParams) {
  return useQuery(reviewsQueryOptions(params));
}
