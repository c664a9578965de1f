import { type RestrictedCountries, restrictedCountriesSchema } from '@coincard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export const restrictedCountriesQueryKey = ['restricted-countries'] as const;

/** The countries whose residents and documents cannot be verified, and the source of the list (public). */
export function getRestrictedCountries(signal?: AbortSignal): Promise<RestrictedCountries> {
  return api.get('/cardholder/restricted-countries', import.meta.env.DEV && restrictedCountriesSchema, signal);
}

/** A setting of the server: it changes only with a restart, so it is read once per visit. */
export const restrictedCountriesQueryOptions = queryOptions({
  queryKey: restrictedCountriesQueryKey,
  queryFn: ({ signal }) => getRestrictedCountries(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRestrictedCountries() {
  return useQuery(restrictedCountriesQueryOptions);
}
