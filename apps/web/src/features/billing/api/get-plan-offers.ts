import type { PlanOffer } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';
import { useCountry } from '@/lib/country';

/** GET /billing/plans/: every plan with its price in the currency of `country` (USD when unknown). */
export function getPlanOffers(country: string | null, signal?: AbortSignal): Promise<PlanOffer[]> {
  return api.get<PlanOffer[]>('/billing/plans/', { params: { country_code: country }, signal });
}

export const planOffersQueryOptions = (country: string | null) =>
  queryOptions({
    queryKey: [...billingQueryKey, 'plans', country],
    queryFn: ({ signal }) => getPlanOffers(country, signal),
  });

/**
 * The plan offers in `country`'s currency; by default the learner's country, once it is known (the
 * query waits for the lookup).
 */
export function usePlanOffers(country?: string | null) {
  const learnerCountry = useCountry();
  const chosen = country === undefined ? learnerCountry : country;
  return useQuery({ ...planOffersQueryOptions(chosen ?? null), enabled: chosen !== undefined });
}
