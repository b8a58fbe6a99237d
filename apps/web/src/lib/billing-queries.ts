import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './me';

/**
 * Every billing query's key starts with `billingQueryKey` (subscription, payment methods, invoices,
 * usage, plans…), so one invalidation refreshes all that a change of subscription can move.
 */
export const billingQueryKey = ['billing'] as const;
export const subscriptionQueryKey = [...billingQueryKey, 'subscription'] as const;
export const paymentMethodsQueryKey = [...billingQueryKey, 'payment-methods'] as const;
export const invoicesQueryKey = [...billingQueryKey, 'invoices'] as const;

/**
 * After the subscription changed (trial extended, discount, downgrade, cancel, reactivation, change
 * of plan): the user (me.subscription), every billing query and the feature-access answers.
 */
export function invalidateAfterSubscriptionChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
    queryClient.invalidateQueries({ queryKey: billingQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['feature-access'] }),
  ]);
}
