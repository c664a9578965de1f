import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertsQueryKeyRoot } from './alerts-query-keys';
import { listedAlertSchema } from './listed-alert';

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: string) =>
      api.post(`/alerts/${encodeURIComponent(alertId)}/read`, {}, import.meta.env.DEV && listedAlertSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKeyRoot }),
  });
}

export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/alerts/read-all'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKeyRoot }),
  });
}
