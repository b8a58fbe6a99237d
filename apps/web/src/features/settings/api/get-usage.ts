import type { UsageSummary } from '@lendo/shared';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

export function getUsage(): Promise<UsageSummary> {
  return api.get<UsageSummary>('/billing/usage/');
}

/** Always fetched afresh: the counters move with every flashcard, translation and sound. */
export const usageQueryOptions = () =>
  queryOptions({ queryKey: [...billingQueryKey, 'usage'], queryFn: getUsage, staleTime: 0 });

export function useUsage(): UsageSummary {
  return useSuspenseQuery(usageQueryOptions()).data;
}
