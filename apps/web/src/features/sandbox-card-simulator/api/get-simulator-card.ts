import { type SimulatorCard, simulatorCardSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOutsideApi } from '../../../lib/api-client';

export const simulatorCardQueryKey = (issuerCardId: string) => ['sandbox-card-simulator', issuerCardId] as const;

export const simulatorCardPath = (issuerCardId: string) =>
  `/sandbox/issuing/simulator/cards/${encodeURIComponent(issuerCardId)}`;

export function getSimulatorCard(issuerCardId: string, signal?: AbortSignal): Promise<SimulatorCard> {
  return requestOutsideApi(simulatorCardPath(issuerCardId), { signal }, import.meta.env.DEV && simulatorCardSchema);
}

export function simulatorCardQueryOptions(issuerCardId: string) {
  return queryOptions({
    queryKey: simulatorCardQueryKey(issuerCardId),
    queryFn: ({ signal }) => getSimulatorCard(issuerCardId, signal),
  });
}

export function useSimulatorCardQuery(issuerCardId: string) {
  return useQuery(simulatorCardQueryOptions(issuerCardId));
}
