import { type AdminCardholder, adminCardholderSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUserCardholderQueryKey } from './admin-user-query-keys';

/** A user's identity verification as support sees it: status, dates, reasons and history, never a document number. */
export function getUserCardholder(userId: string, signal?: AbortSignal): Promise<AdminCardholder> {
  return api.get(
    `/admin/users/${encodeURIComponent(userId)}/cardholder`,
    import.meta.env.DEV && adminCardholderSchema,
    signal,
  );
}

export function userCardholderQueryOptions(userId: string) {
  return queryOptions({
    queryKey: adminUserCardholderQueryKey(userId),
    queryFn: ({ signal }) => getUserCardholder(userId, signal),
    refetchOnWindowFocus: true,
  });
}

export function useUserCardholderQuery(userId: string) {
  return useQuery(userCardholderQueryOptions(userId));
}
