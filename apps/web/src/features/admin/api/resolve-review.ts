import { resolveReviewResponseSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminReviewsQueryKey } from './admin-user-query-keys';
import { adminDashboardQueryKey } from './get-dashboard-stats';

/** Records a person's decision on a review. It moves no money. */
export function resolveReview(reviewId: string, note: string) {
  return api.patch(
    `/admin/reviews/${encodeURIComponent(reviewId)}`,
    { note },
    import.meta.env.DEV && resolveReviewResponseSchema,
  );
}

/**
 * Resolve: the queue, the dashboard's count of open reviews and the audit log are read again afterwards. A refusal is
 * left to the form, which shows it beside the note.
 */
export function useResolveReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, note }: { reviewId: string; note: string }) => resolveReview(reviewId, note),
    onSuccess: ({ message }) => notifySuccess(message, 'Review resolved'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
