import type { CouponOffer } from '@lendo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingQueryKey } from '@/lib/billing-queries';

/** GET /billing/stripe/offer-discount/: the learner's introductory coupon, null when none is offered. */
export const useOfferDiscount = () =>
  useQuery({
    queryKey: [...billingQueryKey, 'offer-discount'],
    queryFn: ({ signal }) => api.get<CouponOffer | null>('/billing/stripe/offer-discount/', { signal }),
  });
