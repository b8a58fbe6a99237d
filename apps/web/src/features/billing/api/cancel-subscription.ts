import type { CancelBody, SubscriptionChange } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterSubscriptionChange } from '@/lib/billing-queries';

/**
 * POST /billing/stripe/cancel/ with exactly one of: { apply_trial }, { apply_discount },
 * { downgrade_price_id } or { reason, feedback? }. The answer names what happened.
 */
export function cancelSubscription(body: CancelBody): Promise<SubscriptionChange> {
  return api.post<SubscriptionChange>('/billing/stripe/cancel/', body);
}

/** Takes a retention offer or cancels, then refreshes the user, billing and feature access. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => invalidateAfterSubscriptionChange(queryClient),
  });
}
