import { STORAGE_KEYS, type PlanOffer } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** GET /billing/plans/: every plan with its price in the currency of `country` (USD when unknown). */
export function getPlanOffers(country: string | null, signal?: AbortSignal): Promise<PlanOffer[]> {
  return api.get<PlanOffer[]>('/billing/plans/', { params: { country_code: country }, signal });
}

const storedCountry = () => localStorage.getItem(STORAGE_KEYS.country);

export const planOffersQueryOptions = (country: string | null = storedCountry()) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'plans', country],
    queryFn: ({ signal }) => getPlanOffers(country, signal),
  });

/** The plan offers in `country`'s currency (the stored country's by default). */
export const usePlanOffers = (country?: string | null) =>
  useQuery(planOffersQueryOptions(country ?? undefined));
