import { type VerifyEmailResponse, verifyEmailResponseSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function verifyEmail(code: string): Promise<VerifyEmailResponse> {
  return api.get(`/auth/email/verify/${encodeURIComponent(code)}`, import.meta.env.DEV && verifyEmailResponseSchema);
}

/**
 * A verification code is single use, so the call must run exactly once per code, even when React StrictMode
 * mounts the page twice: the query cache shares the one request, never refetches it and never aborts it.
 */
export function verifyEmailQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['verify-email', code],
    queryFn: () => verifyEmail(code),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmailQuery(code: string) {
  return useQuery(verifyEmailQueryOptions(code));
}
