import type { PaymentMethod, PlanOffer, Subscription } from '@lendo/shared';

/** A saved Visa card, the default one. */
export function fakePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_visa4242',
    brand: 'visa',
    last4: '4242',
    exp_month: 8,
    exp_year: 2030,
    holder_name: 'Ana Souza',
    is_default: true,
    created_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A monthly Pro subscription in its trial, paid in USD with the card above. */
export function fakeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'trial',
    plan: {
      id: 'plan-pro-monthly',
      tier: 'pro',
      name: 'Pro',
      interval: 'monthly',
      features: [],
      is_pro: true,
      trial_days: 7,
    },
    price_id: '7d1f0c3e-2b1a-4c55-9f00-000000000001',
    amount: 999,
    currency: 'USD',
    trial_end_at: '2026-03-08T15:00:00.000Z',
    current_period_end: '2026-03-08T15:00:00.000Z',
    cancel_at: null,
    has_access: true,
    can_reactivate: false,
    next_discount_percent: null,
    annual_price_id: '7d1f0c3e-2b1a-4c55-9f00-000000000002',
    payment_method: fakePaymentMethod(),
    ...overrides,
  };
}

/** The free plan as GET /billing/subscription/ answers it for a learner who never subscribed. */
export function fakeFreeSubscription(): Subscription {
  return fakeSubscription({
    id: null,
    status: 'free',
    plan: {
      id: 'plan-basic',
      tier: 'basic',
      name: 'Basic',
      interval: 'monthly',
      features: [],
      is_pro: false,
      trial_days: 0,
    },
    price_id: null,
    amount: 0,
    trial_end_at: null,
    current_period_end: null,
    has_access: false,
    annual_price_id: null,
    payment_method: null,
  });
}

/** The monthly Pro plan as a cheaper plan to move down to. */
export function fakePlanOffer(overrides: Partial<PlanOffer> = {}): PlanOffer {
  return {
    plan: {
      id: 'plan-pro-monthly',
      tier: 'pro',
      name: 'Pro',
      interval: 'monthly',
      features: [],
      is_pro: true,
      trial_days: 7,
    },
    price_id: '7d1f0c3e-2b1a-4c55-9f00-000000000001',
    amount: 999,
    cost_per_month: 999,
    old_cost_per_month: null,
    currency: 'USD',
    is_current_plan: false,
    ...overrides,
  };
}
