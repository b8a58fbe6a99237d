import type { AddPaymentMethodBody, PaymentMethod } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** POST /billing/stripe/payment-methods/: saves a card confirmed with the provider. */
export function addPaymentMethod(body: AddPaymentMethodBody): Promise<PaymentMethod> {
  return api.post<PaymentMethod>('/billing/stripe/payment-methods/', body);
}

/** Saves the card, then refreshes the cards and the subscription (which shows the paying card). */
export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
