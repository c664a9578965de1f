import { type AlertKind, type AlertPreferences, alertPreferencesSchema } from '@coincard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertPreferencesQueryKey } from './alerts-query-keys';

export function useAlertPreferences() {
  return useQuery({
    queryKey: alertPreferencesQueryKey,
    queryFn: ({ signal }) => api.get('/alerts/preferences', import.meta.env.DEV && alertPreferencesSchema, signal),
  });
}

/** One switch at a time; the answer (the choices as now kept) replaces the cached ones. */
export function useSetEmailAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, enabled }: { kind: AlertKind; enabled: boolean }) =>
      api.put('/alerts/preferences', { email: { [kind]: enabled } }, import.meta.env.DEV && alertPreferencesSchema),
    onSuccess: (saved: AlertPreferences) => queryClient.setQueryData(alertPreferencesQueryKey, saved),
  });
}
