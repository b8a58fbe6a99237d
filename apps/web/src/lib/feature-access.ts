import type { Feature, FeatureAccess } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /billing/feature-access/: whether the learner's plan lets them use the feature now. */
export function getFeatureAccess(feature: Feature, signal?: AbortSignal): Promise<FeatureAccess> {
  return api.get<FeatureAccess>('/billing/feature-access/', { params: { feature }, signal });
}

/** Never served from a stale cache (SPEC §7: stale time 0): a limit may be reached at any moment. */
export const featureAccessQueryOptions = (feature: Feature) =>
  queryOptions({
    queryKey: ['feature-access', feature],
    queryFn: ({ signal }) => getFeatureAccess(feature, signal),
    staleTime: 0,
  });

/** Whether the feature may be used: undefined until the server has answered. */
export function useFeatureAccess(feature: Feature, enabled = true): boolean | undefined {
  return useQuery({ ...featureAccessQueryOptions(feature), enabled }).data?.has_access;
}
