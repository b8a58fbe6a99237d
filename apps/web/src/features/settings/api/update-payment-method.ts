import type { PaymentMethod, UpdatePaymentMethodBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** PUT /billing/stripe/payment-methods/: corrects a card's holder name or expiry, or makes it the default. */
export function updatePaymentMethod(body: UpdatePaymentMethodBody): Promise<PaymentMethod> {
  return api.put<PaymentMethod>('/billing/stripe/payment-methods/', body);
}

/** Saves the card, then refreshes the cards and the subscription (which names the paying card). */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
