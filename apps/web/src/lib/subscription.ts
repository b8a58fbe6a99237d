import type { Subscription, SubscriptionChange } from '@lendo/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { invalidateAfterSubscriptionChange, subscriptionQueryKey } from './billing-queries';

/**
 * The learner's subscription (GET /billing/subscription/) and its reactivation, which the settings
 * page, the subscription-event modal and the plans page all use.
 */
export function getSubscription(signal?: AbortSignal): Promise<Subscription> {
  return api.get<Subscription>('/billing/subscription/', { signal });
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
    staleTime: 0,
  });

/** The subscription, once a loader made sure it is loaded. */
export function useSubscription(): Subscription {
  return useSuspenseQuery(subscriptionQueryOptions()).data;
}

/** The subscription when it is loaded (undefined until then), for what can wait for it. */
export function useSubscriptionQuery() {
  return useQuery(subscriptionQueryOptions());
}

/** POST /billing/stripe/reactivate/: a canceled plan renews again (409 billing.cannot-reactivate). */
export function reactivateSubscription(): Promise<SubscriptionChange> {
  return api.post<SubscriptionChange>('/billing/stripe/reactivate/', {});
}

/** Reactivates, then refreshes the user, billing and feature access. */
export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
