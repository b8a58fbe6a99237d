import type { CouponOffer, PlanOffer, SubscribeBody, Subscription } from '@lendo/shared';
import { useQuery } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/**
 * POST /billing/stripe/subscribe/. The Idempotency-Key makes a retried call (a double click, a
 * dropped connection) return the first answer instead of charging twice.
 */
export function subscribe(body: SubscribeBody, idempotencyKey: string): Promise<Subscription> {
  return api
    .post<Subscription>('/billing/stripe/subscribe/', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
    .then((subscription) => {
      track('subscribed', { price: body.price_id });
      return subscription;
    });
}

/** POST /billing/stripe/promotion-code/: the coupon behind a code (400 billing.invalid-coupon). */
export function checkPromotionCode(code: string): Promise<CouponOffer> {
  return api.post<CouponOffer>('/billing/stripe/promotion-code/', { promotion_code: code });
}

/** GET /billing/plans/{id}/: one plan priced in `country`'s currency. */
export const usePlanOffer = (planId: string, country: string | null | undefined) =>
  useQuery({
    queryKey: [...billingQueryKey, 'plan', planId, country],
    queryFn: ({ signal }) =>
      api.get<PlanOffer>(`/billing/plans/${planId}/`, { params: { country_code: country }, signal }),
    enabled: country !== undefined,
    retry: false,
  });
