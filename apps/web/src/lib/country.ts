import { STORAGE_KEYS, type GeoCountry } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The learner's country (SPEC §7): the one kept in local storage under `country`, else the one
 * GET /geo/country/ tells from the request, which is then kept. A failed lookup yields none (null),
 * and prices are then shown in USD.
 */
export async function getCountry(signal?: AbortSignal): Promise<string | null> {
  const stored = localStorage.getItem(STORAGE_KEYS.country);
  if (stored) return stored;
  try {
    const { country } = await api.get<GeoCountry>('/geo/country/', { signal });
    if (country) localStorage.setItem(STORAGE_KEYS.country, country);
    return country;
  } catch {
    return null;
  }
}

export const countryQueryOptions = () =>
  queryOptions({ queryKey: ['country'], queryFn: ({ signal }) => getCountry(signal), staleTime: Infinity });

/** The country: undefined while it is being looked up, null when unknown. */
export const useCountry = (): string | null | undefined => useQuery(countryQueryOptions()).data;
