import { type CardholderVerification, cardholderVerificationSchema, type User } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user-key';

export const cardholderQueryKey = ['cardholder'] as const;

/** How often a pending identity check is read again: the sandbox decides in moments, a person at the issuer in hours. */
export const CARDHOLDER_POLL_MS = 3000;

export function getCardholder(signal?: AbortSignal): Promise<CardholderVerification> {
  return api.get('/cardholder', import.meta.env.DEV && cardholderVerificationSchema, signal);
}

/**
 * The signed-in user's identity check, read again while it is pending. Once it is approved the current user is read
 * again too, so the cardholder (and Create Card) appear without a reload.
 */
export function cardholderQueryOptions() {
  return queryOptions({
    queryKey: cardholderQueryKey,
    queryFn: async ({ signal, client }) => {
      const verification = await getCardholder(signal);
      const user = client.getQueryData<User | null>(currentUserQueryKey);
      if (verification.status === 'approved' && user && !user.cardholderId) {
        void client.invalidateQueries({ queryKey: currentUserQueryKey });
      }
      return verification;
    },
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? CARDHOLDER_POLL_MS : false),
  });
}

export function useCardholderQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ ...cardholderQueryOptions(), enabled: options.enabled ?? true });
}
