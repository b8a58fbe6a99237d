import type { SetupIntent } from '@lendo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** GET /billing/stripe/setup-intent/: a fresh intent to save one card (stale time 0, SPEC §7). */
export const useSetupIntent = (priceId: string | undefined) =>
  useQuery({
    queryKey: [...billingQueryKey, 'setup-intent', priceId],
    queryFn: ({ signal }) =>
      api.get<SetupIntent>('/billing/stripe/setup-intent/', { params: { price_id: priceId }, signal }),
    enabled: Boolean(priceId),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
