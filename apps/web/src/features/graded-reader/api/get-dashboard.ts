import type { GradedReaderDashboard } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradedReaderQueryKey } from '@/lib/graded-reader';

/** GET /graded-reader/: today's challenges, the streak, points and level, this week's rank, the paths. */
export function getDashboard(signal?: AbortSignal): Promise<GradedReaderDashboard> {
  return api.get<GradedReaderDashboard>('/graded-reader/', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...gradedReaderQueryKey, 'dashboard'],
    queryFn: ({ signal }) => getDashboard(signal),
  });

/** Not suspended: the page shows skeletons while it loads and a retry per section when it fails. */
export function useDashboard(enabled = true) {
  return useQuery({ ...dashboardQueryOptions(), enabled });
}
