import type { StatisticsSummary } from '@lendo/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '@/lib/api-client';
import { decksQueryKey } from './query-keys';

/** GET /deck/statistics/summary/: review streak, cards due, cards created today and in all. */
export function getStatisticsSummary(signal?: AbortSignal): Promise<StatisticsSummary> {
  return api.get<StatisticsSummary>('/deck/statistics/summary/', { signal });
}

export const statisticsSummaryQueryKey = [...decksQueryKey, 'statistics'] as const;

export const statisticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: statisticsSummaryQueryKey,
    queryFn: ({ signal }) => getStatisticsSummary(signal),
  });

export function useStatisticsSummary() {
  return useQuery(statisticsSummaryQueryOptions());
}

/**
 * The statistics summary is refreshed on each route change (SPEC §4): it is marked stale, and
 * fetched again at once where it is shown.
 */
export function useRefreshStatisticsOnNavigation(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: statisticsSummaryQueryKey });
  }, [pathname, queryClient]);
}
