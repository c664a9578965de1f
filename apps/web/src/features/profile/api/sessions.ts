import { messageSchema, revokeOthersResponseSchema, type Sessions, sessionsSchema } from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sessionsQueryKey = ['user', 'sessions'] as const;

export function useSessionsQuery() {
  return useQuery<Sessions>({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => api.get('/user/sessions', import.meta.env.DEV && sessionsSchema, signal),
  });
}

export function useEndSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/user/sessions/${encodeURIComponent(id)}`, import.meta.env.DEV && messageSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/user/sessions/revoke-others', {}, import.meta.env.DEV && revokeOthersResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
