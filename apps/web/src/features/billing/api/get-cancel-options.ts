import type { CancelOptions } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** GET /billing/stripe/cancel/: the offers the learner may take instead of canceling. */
export function getCancelOptions(signal?: AbortSignal): Promise<CancelOptions> {
  return api.get<CancelOptions>('/billing/stripe/cancel/', { signal });
}

/** Asked afresh each time the cancel options open: an offer taken once is gone. */
export const cancelOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...billingQueryKey, 'cancel-options'],
    queryFn: ({ signal }) => getCancelOptions(signal),
    staleTime: 0,
  });

export const useCancelOptions = () => useQuery(cancelOptionsQueryOptions());
