import type { BillingInterval, Currency, PaymentProviderKind } from '@lendo/shared';

/**
 * The card processor behind billing: the embedded sandbox (a complete local processor that answers
 * Stripe's test cards as Stripe does) or Stripe itself. The billing service speaks only this
 * interface; it keeps its own record of subscriptions, payment methods and invoices, updated from
 * the answers of these calls and from the provider's events (Stripe webhooks, sandbox ticks).
 * Amounts are minor units; times are Dates.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Stripe's publishable key for Stripe.js; null in the sandbox. */
  readonly publishableKey: string | null;

  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A setup intent the web confirms with the card (Stripe.js, or the sandbox's card endpoint). */
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /** The card behind a payment method that belongs to the customer; null when it is not theirs. */
  getPaymentMethod(customerId: string, paymentMethodId: string): Promise<ProviderCard | null>;
  updatePaymentMethod(
    paymentMethodId: string,
    change: { holderName?: string; expMonth?: number; expYear?: number },
  ): Promise<ProviderCard>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /** An active, unexpired promotion code (case-insensitive), or null. */
  findPromotionCode(code: string): Promise<ProviderPromotionCode | null>;
  /** A single-use promotion code for one customer (the offer modal's introductory offer). */
  createPromotionCode(input: {
    customerId: string;
    percentOff: number;
    expiresAt: Date;
  }): Promise<ProviderPromotionCode>;

  /**
   * Subscribes the customer to a price. Without a trial the first invoice is charged at once and
   * a failed charge throws CardError (nothing stays subscribed). `idempotencyKey` makes a retried
   * call return the first call's subscription.
   */
  createSubscription(input: {
    customerId: string;
    price: ProviderPrice;
    paymentMethodId: string;
    trialDays: number;
    promotionCodeId?: string;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Moves the end of the trial (retention: 7 more days); no charge. */
  extendTrial(subscriptionId: string, trialEnd: Date): Promise<ProviderSubscription>;
  /** Takes `percentOff` off the next invoice only. */
  discountNextInvoice(subscriptionId: string, percentOff: number): Promise<ProviderSubscription>;
  /**
   * Switches to another price. The same interval keeps the period and bills the new price from the
   * next renewal; another interval starts a new period now, charging the new price less the unused
   * part of the current one (nothing is charged during a trial).
   */
  changePrice(subscriptionId: string, price: ProviderPrice): Promise<ProviderSubscription>;
  /** At the period end (a paid plan) or at once (`now`, e.g. during a trial). */
  cancel(subscriptionId: string, when: 'period_end' | 'now'): Promise<ProviderSubscription>;
  /** Undoes a cancellation at the period end while the period lasts. */
  resume(subscriptionId: string): Promise<ProviderSubscription>;
  /** The subscription's invoices, newest first. */
  listInvoices(subscriptionId: string): Promise<ProviderInvoice[]>;
}

/** One of our prices, as a provider needs it (Stripe looks it up or creates it by `lookupKey`). */
export interface ProviderPrice {
  /** Our price id. */
  id: string;
  lookupKey: string;
  productName: string;
  amount: number;
  currency: Currency;
  interval: BillingInterval;
}

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface ProviderPromotionCode {
  id: string;
  code: string;
  percentOff: number;
  expiresAt: Date | null;
  /** Set when only this customer may redeem it. */
  customerId?: string | null;
}

/** Stripe's statuses; the billing service maps them to ours. */
export type ProviderSubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired';

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  /** Our price id (Stripe: the price's lookup key maps back to it). */
  priceId: string;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When it ended or will end (cancel at period end), if canceled. */
  cancelAt: Date | null;
  endedAt: Date | null;
  /** A percentage waiting to come off the next invoice. */
  nextDiscountPercent: number | null;
  defaultPaymentMethodId: string | null;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  /** Our price id. */
  priceId: string;
  createdAt: Date;
  periodStart: Date;
  periodEnd: Date;
  subtotal: number;
  discount: number;
  total: number;
  currency: Currency;
  status: 'paid' | 'open' | 'failed' | 'void';
  /** Why a charge failed (the processor's message). */
  failureMessage: string | null;
  /** Another attempt will be made then, while the invoice is unpaid. */
  nextAttemptAt: Date | null;
  attemptCount: number;
}

/**
 * Something that happened at the provider, normalised: the billing service re-reads the
 * subscription named (so events are safe in any order) and records the invoice.
 */
export type ProviderEvent =
  | { id: string; type: 'subscription.updated' | 'subscription.deleted'; subscriptionId: string }
  | {
      id: string;
      type: 'invoice.paid' | 'invoice.payment_failed';
      subscriptionId: string;
      invoice: ProviderInvoice;
    };

/** A card the processor refused: `message` is the processor's words, shown to the learner. */
export class CardError extends Error {
  override name = 'CardError';
  constructor(
    message: string,
    /** Stripe's code: card_declined, incorrect_number, expired_card… */
    readonly providerCode: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}
