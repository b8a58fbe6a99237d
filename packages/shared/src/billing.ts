import { z } from 'zod';
import { choice } from './auth.ts';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { PLAN_TIERS, type PlanTier } from './entitlements.ts';

/**
 * Plans, checkout and subscriptions (SPEC §1–§9 "Billing", DESIGN §4–5). Money is an integer in
 * minor units with its ISO currency; times are ISO 8601 UTC; ids are the provider's ids for
 * payment methods (pm_…) and our UUIDs for plans and prices.
 */

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const CURRENCIES = ['BRL', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Prices are in BRL for Brazil and in USD everywhere else (DESIGN §5). */
export const currencyForCountry = (country: string | null | undefined): Currency =>
  country?.toUpperCase() === 'BR' ? 'BRL' : 'USD';

/** Checkout asks for the CPF only when the country is Brazil. */
export const needsCpf = (country: string | null | undefined) => country?.toUpperCase() === 'BR';

/** Days of free trial of the paid plans, and of a retention extension (SPEC §9). */
export const TRIAL_DAYS = 7;
export const TRIAL_EXTENSION_DAYS = 7;
/** Retention offer: this percentage off the next invoice (SPEC §9). */
export const RETENTION_DISCOUNT_PERCENT = 10;
/** The pro-success modal asks for the subscription this often while it has none (SPEC §9). */
export const PRO_SUCCESS_REFETCH_MS = 500;
/** A failed renewal is retried this many days apart, this many times, before it cancels. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
/** The personal introductory offer the offer modal counts down to. */
export const WELCOME_OFFER = { percentOff: 20, hours: 48 } as const;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export const CANCEL_REASONS = [
  'too_expensive',
  'not_using_enough',
  'found_alternative',
  'missing_features',
  'poor_user_experience',
  'technical_issues',
  'content_not_relevant',
  'dissatisfied_with_updates',
  'temporary_financial_issues',
  'change_in_circumstances',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the plans page lists per plan: translation keys under `plans.feature.` */
export const PLAN_FEATURES: Record<PlanTier, readonly string[]> = {
  basic: ['library-free', 'flashcards-100', 'translations-100', 'audio-60', 'decks-5'],
  pro: [
    'library-full',
    'graded-reader',
    'flashcards-unlimited',
    'translations-500',
    'audio-60',
    'ai-limited',
    'statistics',
  ],
  premium: [
    'library-full',
    'graded-reader',
    'flashcards-unlimited',
    'translations-unlimited',
    'audio-unlimited',
    'ai-unlimited',
    'languages-several',
    'statistics',
  ],
};

const uuid = z.uuid({ error: (issue) => (issue.input === undefined ? 'error.required' : 'error.not-found') });
/** A provider's payment-method id (pm_… at Stripe and in the sandbox). */
const paymentMethodId = z
  .string({ error: 'error.required' })
  .trim()
  .regex(/^pm_[A-Za-z0-9_]{1,120}$/, { error: 'billing.payment-method-not-found' });

/** ISO 3166-1 alpha-2, upper-cased; anything else is ignored as no country. */
export const countryCode = z
  .string()
  .trim()
  .transform((value) => (/^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined));

export const plansQuery = z.object({ country_code: countryCode.optional() });
export type PlansQuery = z.input<typeof plansQuery>;

/** GET /geo/country/: the caller's country when it can be told, else null. */
export const geoCountry = z.object({ country: z.string().length(2).nullable() }).meta({ id: 'GeoCountry' });
export type GeoCountry = z.infer<typeof geoCountry>;

export const plan = z
  .object({
    id: z.string(),
    tier: z.enum(PLAN_TIERS),
    /** Basic, Pro or Premium (SPEC §9: the pro plan's name falls back to "Pro"). */
    name: z.string(),
    interval: z.enum(BILLING_INTERVALS),
    /** Translation keys under `plans.feature.` */
    features: z.array(z.string()),
    is_pro: z.boolean(),
    trial_days: z.number().int(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof plan>;

/** A plan with its price in the country's currency, as the plans page and checkout show it. */
export const planOffer = z
  .object({
    plan,
    /** The price to subscribe with (null for the free plan). */
    price_id: z.string().nullable(),
    /** What one billing period costs, minor units. */
    amount: z.number().int(),
    /** The price per month, minor units (a yearly price divided by 12). */
    cost_per_month: z.number().int(),
    /** For a yearly plan: the monthly plan's price per month, to compare with (SPEC §4). */
    old_cost_per_month: z.number().int().nullable(),
    currency: z.enum(CURRENCIES),
    is_current_plan: z.boolean(),
  })
  .meta({ id: 'PlanOffer' });
export type PlanOffer = z.infer<typeof planOffer>;
export const planOfferList = z.array(planOffer).meta({ id: 'PlanOfferList' });

export const planParams = z.object({ id: uuid });

export const setupIntentQuery = z.object({ price_id: uuid });

/**
 * GET /billing/stripe/setup-intent/: what the card form needs to save a card. With Stripe the web
 * confirms it with Stripe.js; in the sandbox it posts the card to /billing/sandbox/setup-intents/.
 */
export const setupIntent = z
  .object({
    id: z.string(),
    client_secret: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** Stripe's publishable key (null in the sandbox). */
    publishable_key: z.string().nullable(),
  })
  .meta({ id: 'SetupIntent' });
export type SetupIntent = z.infer<typeof setupIntent>;

/** The sandbox processor's card form: what Stripe.js would send to Stripe (test mode only). */
export const sandboxConfirmBody = z
  .object({
    client_secret: z.string({ error: 'error.required' }).min(1).max(200),
    card: z.object({
      number: z
        .string({ error: 'billing.card-required' })
        .trim()
        .min(1, { error: 'billing.card-required' })
        .max(30),
      exp_month: z.number({ error: 'error.required' }).int(),
      exp_year: z.number({ error: 'error.required' }).int(),
      cvc: z.string({ error: 'error.required' }).trim().max(4),
    }),
    billing_details: z.object({
      name: z
        .string({ error: 'billing.holder-required' })
        .trim()
        .min(1, { error: 'billing.holder-required' })
        .max(120, { error: 'error.invalid-value' }),
    }),
  })
  .meta({ id: 'SandboxConfirmBody' });
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBody>;

export const confirmedSetupIntent = z
  .object({ id: z.string(), status: z.literal('succeeded'), payment_method: z.string() })
  .meta({ id: 'ConfirmedSetupIntent' });
export type ConfirmedSetupIntent = z.infer<typeof confirmedSetupIntent>;

export const paymentMethod = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    holder_name: z.string(),
    is_default: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethod>;
export const paymentMethodList = z.array(paymentMethod).meta({ id: 'PaymentMethodList' });

export const addPaymentMethodBody = z
  .object({ payment_method_id: paymentMethodId, set_as_default: z.boolean().default(false) })
  .meta({ id: 'AddPaymentMethodBody' });
export type AddPaymentMethodBody = z.input<typeof addPaymentMethodBody>;

/** PUT: makes the method the default one; the holder name and expiry may be corrected with it. */
export const updatePaymentMethodBody = z
  .object({
    payment_method_id: paymentMethodId,
    holder_name: z
      .string()
      .trim()
      .min(1, { error: 'billing.holder-required' })
      .max(120, { error: 'error.invalid-value' })
      .optional(),
    exp_month: z
      .number()
      .int()
      .min(1, { error: 'billing.invalid-expiry' })
      .max(12, { error: 'billing.invalid-expiry' })
      .optional(),
    exp_year: z
      .number()
      .int()
      .min(2000, { error: 'billing.invalid-expiry' })
      .max(2100, { error: 'billing.invalid-expiry' })
      .optional(),
    set_as_default: z.boolean().default(true),
  })
  .meta({ id: 'UpdatePaymentMethodBody' });
export type UpdatePaymentMethodBody = z.input<typeof updatePaymentMethodBody>;

export const deletePaymentMethodQuery = z.object({ payment_method_id: paymentMethodId });

export const promotionCodeBody = z
  .object({
    promotion_code: z
      .string({ error: 'billing.invalid-coupon' })
      .trim()
      .min(1, { error: 'billing.invalid-coupon' })
      .max(60, { error: 'billing.invalid-coupon' }),
  })
  .meta({ id: 'PromotionCodeBody' });

/** A coupon as checkout and the offer modal show it (SPEC §3 "Coupon offer"). */
export const couponOffer = z
  .object({
    code: z.string(),
    percent_off: z.number(),
    expires_at: z.string().nullable(),
    is_expired: z.boolean(),
  })
  .meta({ id: 'CouponOffer' });
export type CouponOffer = z.infer<typeof couponOffer>;

export const subscribeBody = z
  .object({
    price_id: uuid,
    payment_method_id: paymentMethodId,
    promotion_code: z.string().trim().max(60).optional(),
  })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.input<typeof subscribeBody>;

/** GET /billing/subscription/: the learner's subscription, everything the settings page shows. */
export const subscription = z
  .object({
    id: z.string().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** The plan in force; basic when none. */
    plan,
    price_id: z.string().nullable(),
    amount: z.number().int(),
    currency: z.enum(CURRENCIES),
    trial_end_at: z.string().nullable(),
    current_period_end: z.string().nullable(),
    /** Set when it will not renew: access lasts until this moment. */
    cancel_at: z.string().nullable(),
    /** Whether paid features are available now. */
    has_access: z.boolean(),
    /** A canceled paid plan whose period has not ended can be reactivated. */
    can_reactivate: z.boolean(),
    /** The percentage off the next invoice, when a discount is waiting to be used. */
    next_discount_percent: z.number().nullable(),
    /** The yearly price of the same plan, when this one is monthly. */
    annual_price_id: z.string().nullable(),
    payment_method: paymentMethod.nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscription>;

export const changePlanBody = z.object({ price_id: uuid }).meta({ id: 'ChangePlanBody' });

export const cancelOptions = z
  .object({
    can_extend_trial: z.boolean(),
    can_receive_discount: z.boolean(),
    /** The next cheaper paid plan, offered only when the trial cannot be extended. */
    downgrade: planOffer.nullable(),
  })
  .meta({ id: 'CancelOptions' });
export type CancelOptions = z.infer<typeof cancelOptions>;

export const cancelBody = z
  .object({
    apply_trial: z.boolean().optional(),
    apply_discount: z.boolean().optional(),
    downgrade_price_id: uuid.optional(),
    reason: choice(CANCEL_REASONS).optional(),
    feedback: z.string().trim().max(2000, { error: 'error.invalid-value' }).optional(),
  })
  .refine(
    (body) =>
      [
        body.apply_trial,
        body.apply_discount,
        body.downgrade_price_id !== undefined,
        body.reason !== undefined,
      ].filter(Boolean).length === 1,
    { error: 'billing.reason-required', path: ['reason'] },
  )
  .meta({ id: 'CancelBody' });
export type CancelBody = z.input<typeof cancelBody>;

/** The subscription-event modal's variants (SPEC §4 cancel flow). */
export const SUBSCRIPTION_EVENTS = [
  'trial-extended',
  'discount-applied',
  'downgraded',
  'canceled-trial-subscription',
  'canceled-subscription',
  'reactivated',
  'changed-to-annual',
  'plan-changed',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

export const subscriptionChange = z
  .object({ event: z.enum(SUBSCRIPTION_EVENTS), subscription })
  .meta({ id: 'SubscriptionChange' });
export type SubscriptionChange = z.infer<typeof subscriptionChange>;

export const invoice = z
  .object({
    id: z.string(),
    date: z.string(),
    description: z.string(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    total: z.number().int(),
    currency: z.enum(CURRENCIES),
    status: z.enum(['paid', 'open', 'failed', 'void']),
    plan_tier: z.enum(PLAN_TIERS).nullable(),
    interval: z.enum(BILLING_INTERVALS).nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoice>;
export const invoiceList = z.array(invoice).meta({ id: 'InvoiceList' });
