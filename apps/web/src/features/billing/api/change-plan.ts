import type { SubscriptionChange } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterSubscriptionChange } from '@/lib/billing-queries';

/** POST /billing/stripe/change-plan/: moves the subscription to another price (prorated). */
export function changePlan(priceId: string): Promise<SubscriptionChange> {
  return api.post<SubscriptionChange>('/billing/stripe/change-plan/', { price_id: priceId });
}

/** Changes the plan, then refreshes the user, billing and feature access. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
