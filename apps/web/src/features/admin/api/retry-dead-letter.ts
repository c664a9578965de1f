import { messageSchema } from '@coincard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminAuditQueryKey, adminJobsQueryKey } from './admin-user-query-keys';

export function retryDeadLetter(jobId: string) {
  return api.post(
    `/admin/jobs/dead-letters/${encodeURIComponent(jobId)}/retry`,
    {},
    import.meta.env.DEV && messageSchema,
  );
}

/** Sends a dead letter back to its queue; the queues, the dead letters and the audit log are read again. */
export function useRetryDeadLetterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => retryDeadLetter(jobId),
    onSuccess: ({ message }) => notifySuccess(message, 'Job queued again'),
    onError: (error) => notifyError(error, 'The job could not be queued again.'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminJobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryKey }),
      ]),
  });
}
