import type { PaymentMethod } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { paymentMethodsQueryKey } from './billing-queries';

/** GET /billing/stripe/payment-methods/: the learner's saved cards, the default one marked. */
export function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  return api.get<PaymentMethod[]>('/billing/stripe/payment-methods/', { signal });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: ({ signal }) => getPaymentMethods(signal) });

/** The saved cards: loading, error and data states for the page to show. */
export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());
