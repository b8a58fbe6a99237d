import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/**
 * DELETE /billing/stripe/payment-methods/?payment_method_id=: removes a saved card (409
 * billing.payment-method-in-use when it is the only card paying a live subscription).
 */
export function deletePaymentMethod(paymentMethodId: string): Promise<unknown> {
  return api.delete('/billing/stripe/payment-methods/', { params: { payment_method_id: paymentMethodId } });
}

/** Removes the card, then refreshes the cards and the subscription. */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }),
  });
}
