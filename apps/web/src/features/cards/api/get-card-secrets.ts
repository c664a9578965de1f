import { type CardSecrets, cardSecretsSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const cardSecretsQueryKey = (cardId: string) => ['card-secrets', cardId] as const;

/** The full number, expiry and CVV, read from the issuer on each reveal (rate limited and audited by the API). */
export function getCardSecrets(cardId: string, signal?: AbortSignal): Promise<CardSecrets> {
  return api.get(`/cards/${encodeURIComponent(cardId)}/private`, import.meta.env.DEV && cardSecretsSchema, signal);
}

/**
 * Fetched only while the user has asked to see them. Never kept: gcTime 0 drops them the moment nothing shows
 * them, and they are not read again on their own (each reveal costs one of a few allowed per 15 minutes).
 */
export function cardSecretsQueryOptions(cardId: string) {
  return queryOptions({
    queryKey: cardSecretsQueryKey(cardId),
    queryFn: ({ signal }) => getCardSecrets(cardId, signal),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCardSecretsQuery(cardId: string, isRevealed: boolean) {
  return useQuery({ ...cardSecretsQueryOptions(cardId), enabled: isRevealed });
}
