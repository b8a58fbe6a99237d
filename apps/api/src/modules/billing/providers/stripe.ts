import Stripe from 'stripe';
import type { Currency } from '@lendo/shared';
import type { Clock } from '../../../lib/clock.ts';
import {
  CardError,
  type PaymentProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderPromotionCode,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './provider.ts';

/**
 * The PaymentProvider on Stripe itself, through the official SDK at its pinned API version.
 *
 * Our prices live in our database; Stripe's are found by lookup key (created on first use) and
 * carry our price id in their metadata (`lendo_price_id`), as subscriptions do, so any process can
 * map a Stripe price back to ours. Webhook payloads follow the API version of the webhook endpoint,
 * which may be older than the SDK's, so the webhook mapping reads both the old and the new shapes.
 */

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API base (tests: the fake Stripe at http://127.0.0.1:PORT). */
  apiBase?: string;
  clock: Clock;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;

/** Stripe's own tolerance for a signed webhook's age, in seconds. */
const WEBHOOK_TOLERANCE_S = 300;
const METADATA_PRICE_ID = 'lendo_price_id';
/** What a subscription answer needs expanded: the coupons behind its discounts. */
const SUBSCRIPTION_EXPAND = ['discounts.source.coupon'];

const INTERVALS = { monthly: 'month', yearly: 'year' } as const;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** Fields older API versions had and the pinned types no longer list (webhook payloads may have them). */
interface LegacySubscriptionFields {
  current_period_start?: number;
  current_period_end?: number;
}
interface LegacyInvoiceFields {
  subscription?: string | { id: string } | null;
}
interface LegacyLineFields {
  price?: Stripe.Price | null;
  proration?: boolean;
}
interface LegacyDiscountFields {
  coupon?: Stripe.Coupon | null;
}
interface LegacyPromotionCodeFields {
  coupon?: Stripe.Coupon | string | null;
}

/** Turns Stripe's card refusals into ours; everything else is the caller's to see. */
function rethrow(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new CardError(err.message, err.code ?? 'card_declined', err.decline_code || undefined);
  }
  throw err;
}

/** What parseWebhook throws for a bad, missing or stale signature: the route answers 400. */
export const isWebhookSignatureError = (err: unknown) =>
  err instanceof Stripe.errors.StripeSignatureVerificationError;

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';

const STATUSES: ReadonlySet<string> = new Set<ProviderSubscriptionStatus>([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
]);

/**
 * `paused` (a trial that ended without a card; we always give one) and statuses yet to come are
 * not entitled, but not over either: unpaid.
 */
const toStatus = (status: Stripe.Subscription.Status): ProviderSubscriptionStatus =>
  STATUSES.has(status) ? (status as ProviderSubscriptionStatus) : 'unpaid';

/** The percentage the subscription's waiting discounts take off, applied one after another. */
function discountPercent(discounts: Array<string | Stripe.Discount>): number | null {
  let remaining = 1;
  let any = false;
  for (const discount of discounts) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon ?? (discount as LegacyDiscountFields).coupon;
    if (!coupon || typeof coupon === 'string' || coupon.percent_off == null) continue;
    remaining *= 1 - coupon.percent_off / 100;
    any = true;
  }
  return any ? Math.round((1 - remaining) * 10000) / 100 : null;
}

function toCard(pm: Stripe.PaymentMethod): ProviderCard {
  return {
    id: pm.id,
    brand: pm.card?.brand ?? 'unknown',
    last4: pm.card?.last4 ?? '',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    holderName: pm.billing_details?.name ?? '',
  };
}

export function createStripeProvider(options: StripeProviderOptions) {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  const now = () => options.clock.now();

  // Caches only: a fresh process finds the same answers at Stripe (lookup keys, metadata).
  /** Our price (lookup key and terms) → the Stripe price id; a promise, so concurrent first uses create one. */
  const stripePrices = new Map<string, Promise<string>>();
  /** Lookup key and Stripe price id → our price id. */
  const ourPriceIds = new Map<string, string>();

  function rememberPrice(price: Stripe.Price, ourId?: string) {
    const id = ourId ?? price.metadata?.[METADATA_PRICE_ID];
    if (!id) return;
    ourPriceIds.set(price.id, id);
    if (price.lookup_key) ourPriceIds.set(price.lookup_key, id);
  }

  /** Our price id behind a Stripe price, from what the object carries or what we have seen. */
  function ourPriceId(price: string | Stripe.Price | null | undefined): string | null {
    if (!price) return null;
    if (typeof price === 'string') return ourPriceIds.get(price) ?? null;
    return (
      price.metadata?.[METADATA_PRICE_ID] ||
      ourPriceIds.get(price.id) ||
      (price.lookup_key ? ourPriceIds.get(price.lookup_key) : undefined) ||
      null
    );
  }

  const matches = (found: Stripe.Price, price: ProviderPrice) =>
    found.unit_amount === price.amount &&
    found.currency === price.currency.toLowerCase() &&
    found.recurring?.interval === INTERVALS[price.interval];

  async function findPrice(price: ProviderPrice) {
    const found = await stripe.prices.list({ lookup_keys: [price.lookupKey], active: true, limit: 1 });
    return found.data[0];
  }

  async function findOrCreatePrice(price: ProviderPrice): Promise<string> {
    const existing = await findPrice(price);
    if (existing && matches(existing, price)) {
      rememberPrice(existing, price.id);
      return existing.id;
    }
    const product = await stripe.products.create({ name: price.productName });
    try {
      const created = await stripe.prices.create({
        product: product.id,
        currency: price.currency.toLowerCase(),
        unit_amount: price.amount,
        recurring: { interval: INTERVALS[price.interval] },
        lookup_key: price.lookupKey,
        // Our price changed since Stripe's was made: the new one takes the lookup key over.
        ...(existing && { transfer_lookup_key: true }),
        metadata: { [METADATA_PRICE_ID]: price.id },
      });
      rememberPrice(created, price.id);
      return created.id;
    } catch (err) {
      // Another process made it first (the lookup key is taken): use theirs.
      const theirs = await findPrice(price);
      if (!theirs || !matches(theirs, price)) throw err;
      rememberPrice(theirs, price.id);
      return theirs.id;
    }
  }

  function resolvePrice(price: ProviderPrice): Promise<string> {
    ourPriceIds.set(price.lookupKey, price.id);
    // The amount is part of the key: a price changed in our database needs another Stripe price.
    const key = [price.lookupKey, price.amount, price.currency, price.interval].join('|');
    let pending = stripePrices.get(key);
    if (!pending) {
      pending = findOrCreatePrice(price);
      // A failure is not cached: the next call asks Stripe again.
      pending.catch(() => stripePrices.delete(key));
      stripePrices.set(key, pending);
    }
    return pending;
  }

  function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items.data[0];
    if (item) rememberPrice(item.price);
    const legacy = sub as Stripe.Subscription & LegacySubscriptionFields;
    const periodStart = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
    const periodEnd = item?.current_period_end ?? legacy.current_period_end ?? periodStart;
    const cancelAt =
      sub.cancel_at ??
      (sub.cancel_at_period_end ? periodEnd : null) ??
      (sub.status === 'canceled' ? sub.ended_at : null);
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      status: toStatus(sub.status),
      priceId: ourPriceId(item?.price) ?? sub.metadata?.[METADATA_PRICE_ID] ?? '',
      trialEnd: sub.trial_end ? fromUnix(sub.trial_end) : null,
      currentPeriodStart: fromUnix(periodStart),
      currentPeriodEnd: fromUnix(periodEnd),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      cancelAt: cancelAt ? fromUnix(cancelAt) : null,
      endedAt: sub.ended_at ? fromUnix(sub.ended_at) : null,
      nextDiscountPercent: discountPercent(sub.discounts ?? []),
      defaultPaymentMethodId: idOf(sub.default_payment_method),
    };
  }

  /** The subscription an invoice bills: `parent.subscription_details` now, `subscription` before. */
  function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
    return (
      idOf(invoice.parent?.subscription_details?.subscription) ??
      idOf((invoice as Stripe.Invoice & LegacyInvoiceFields).subscription)
    );
  }

  function toInvoice(invoice: Stripe.Invoice): ProviderInvoice | null {
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId) return null;
    const lines = (invoice.lines?.data ?? []) as Array<Stripe.InvoiceLineItem & LegacyLineFields>;
    const isProration = (line: (typeof lines)[number]) =>
      line.parent?.subscription_item_details?.proration ?? line.proration ?? false;
    // The line for the period billed: not a proration (a change of interval bills the new price in
    // full, less a credit line for the old one); the largest one if all are.
    const byAmount = [...lines].sort((a, b) => b.amount - a.amount);
    const line = byAmount.find((l) => !isProration(l)) ?? byAmount[0];
    const linePrice = line?.pricing?.price_details?.price ?? line?.price;
    const discount = invoice.total_discount_amounts
      ? invoice.total_discount_amounts.reduce((sum, d) => sum + d.amount, 0)
      : invoice.subtotal - invoice.total;
    let status: ProviderInvoice['status'];
    if (invoice.status === 'paid') status = 'paid';
    else if (invoice.status === 'void' || invoice.status === 'uncollectible') status = 'void';
    else status = invoice.attempt_count > 0 ? 'failed' : 'open';
    return {
      id: invoice.id,
      subscriptionId,
      customerId: idOf(invoice.customer) ?? '',
      priceId:
        ourPriceId(linePrice) ?? invoice.parent?.subscription_details?.metadata?.[METADATA_PRICE_ID] ?? '',
      createdAt: fromUnix(invoice.created),
      // A renewal invoice's own period is the one before (usage); the line's is the one billed.
      periodStart: fromUnix(line?.period?.start ?? invoice.period_start),
      periodEnd: fromUnix(line?.period?.end ?? invoice.period_end),
      subtotal: invoice.subtotal,
      discount,
      total: invoice.total,
      currency: invoice.currency.toUpperCase() as Currency,
      status,
      // The processor's words live on the payment, not the invoice; see listInvoices.
      failureMessage: null,
      nextAttemptAt: invoice.next_payment_attempt ? fromUnix(invoice.next_payment_attempt) : null,
      attemptCount: invoice.attempt_count,
    };
  }

  /** Why the last charge of a failed invoice was refused, from its payment intent. */
  async function failureMessage(invoice: Stripe.Invoice): Promise<string | null> {
    const payments = invoice.payments?.data ?? [];
    for (const payment of payments) {
      const intentId = idOf(payment.payment?.payment_intent);
      if (!intentId) continue;
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.last_payment_error?.message) return intent.last_payment_error.message;
    }
    return null;
  }

  function toPromotionCode(code: Stripe.PromotionCode, coupon: Stripe.Coupon): ProviderPromotionCode {
    return {
      id: code.id,
      code: code.code,
      percentOff: coupon.percent_off ?? 0,
      expiresAt: code.expires_at ? fromUnix(code.expires_at) : null,
      customerId: idOf(code.customer),
    };
  }

  const retrieve = (id: string) => stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND });
  const update = (id: string, params: Stripe.SubscriptionUpdateParams) =>
    stripe.subscriptions.update(id, { ...params, expand: SUBSCRIPTION_EXPAND }).then(toSubscription, rethrow);

  const provider: PaymentProvider = {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create({ email, name, metadata: { user_id: userId } });
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        // `payment_method_types` before API 2026-09-30.
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      });
      if (!intent.client_secret) throw new Error('stripe: setup intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async getPaymentMethod(customerId, paymentMethodId) {
      try {
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        return idOf(pm.customer) === customerId ? toCard(pm) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async updatePaymentMethod(paymentMethodId, change) {
      const card: Stripe.PaymentMethodUpdateParams.Card = {};
      if (change.expMonth !== undefined) card.exp_month = change.expMonth;
      if (change.expYear !== undefined) card.exp_year = change.expYear;
      const pm = await stripe.paymentMethods
        .update(paymentMethodId, {
          ...(change.holderName !== undefined && { billing_details: { name: change.holderName } }),
          ...(Object.keys(card).length > 0 && { card }),
        })
        .catch(rethrow);
      return toCard(pm);
    },

    async detachPaymentMethod(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
    },

    async findPromotionCode(code) {
      // Stripe matches `code` case-insensitively.
      const found = await stripe.promotionCodes.list({
        code,
        active: true,
        limit: 1,
        expand: ['data.promotion.coupon'],
      });
      const promo = found.data[0];
      if (!promo) return null;
      const coupon =
        promo.promotion?.coupon ?? (promo as Stripe.PromotionCode & LegacyPromotionCodeFields).coupon;
      // Only percentage coupons exist in our model; an amount-off coupon is not one of ours.
      if (!coupon || typeof coupon === 'string' || !coupon.valid || coupon.percent_off == null) return null;
      if (promo.expires_at && promo.expires_at <= unix(now())) return null;
      if (promo.max_redemptions != null && promo.times_redeemed >= promo.max_redemptions) return null;
      return toPromotionCode(promo, coupon);
    },

    async createPromotionCode({ customerId, percentOff, expiresAt }) {
      const coupon = await stripe.coupons.create({ percent_off: percentOff, duration: 'once' });
      const promo = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        customer: customerId,
        max_redemptions: 1,
        expires_at: unix(expiresAt),
      });
      return toPromotionCode(promo, coupon);
    },

    async createSubscription({
      customerId,
      price,
      paymentMethodId,
      trialDays,
      promotionCodeId,
      idempotencyKey,
    }) {
      const stripePrice = await resolvePrice(price);
      const sub = await stripe.subscriptions
        .create(
          {
            customer: customerId,
            items: [{ price: stripePrice }],
            default_payment_method: paymentMethodId,
            ...(trialDays > 0 && { trial_period_days: trialDays }),
            ...(promotionCodeId && { discounts: [{ promotion_code: promotionCodeId }] }),
            // A declined first charge fails the call and leaves nothing subscribed.
            payment_behavior: 'error_if_incomplete',
            metadata: { [METADATA_PRICE_ID]: price.id },
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey },
        )
        .catch(rethrow);
      return toSubscription(sub);
    },

    async retrieveSubscription(subscriptionId) {
      return toSubscription(await retrieve(subscriptionId));
    },

    extendTrial(subscriptionId, trialEnd) {
      return update(subscriptionId, { trial_end: unix(trialEnd), proration_behavior: 'none' });
    },

    async discountNextInvoice(subscriptionId, percentOff) {
      const sub = await retrieve(subscriptionId);
      const coupon = await stripe.coupons.create({ percent_off: percentOff, duration: 'once' });
      // A populated `discounts` replaces the list: keep the ones already there.
      const kept = (sub.discounts ?? []).map((d) => ({ discount: idOf(d)! }));
      return update(subscriptionId, { discounts: [...kept, { coupon: coupon.id }] });
    },

    async changePrice(subscriptionId, price) {
      const [sub, stripePrice] = await Promise.all([retrieve(subscriptionId), resolvePrice(price)]);
      const item = sub.items.data[0];
      if (!item) throw new Error(`stripe: subscription ${subscriptionId} has no item`);
      const sameInterval = item.price.recurring?.interval === INTERVALS[price.interval];
      const common = {
        items: [{ id: item.id, price: stripePrice }],
        metadata: { [METADATA_PRICE_ID]: price.id },
      };
      if (sameInterval || sub.status === 'trialing') {
        // The new price is billed from the next renewal (or the trial's end); nothing now.
        return update(subscriptionId, { ...common, proration_behavior: 'none' });
      }
      // Another interval starts a new period now, charging the new price less the unused time.
      return update(subscriptionId, {
        ...common,
        proration_behavior: 'always_invoice',
        // A plain 'now' before API 2026-09-30.
        billing_cycle_anchor: { type: 'now' },
        payment_behavior: 'error_if_incomplete',
      });
    },

    async cancel(subscriptionId, when) {
      if (when === 'period_end') return update(subscriptionId, { cancel_at_period_end: true });
      const sub = await stripe.subscriptions.cancel(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
      return toSubscription(sub);
    },

    resume(subscriptionId) {
      return update(subscriptionId, { cancel_at_period_end: false });
    },

    async listInvoices(subscriptionId) {
      const found = await stripe.invoices.list({
        subscription: subscriptionId,
        limit: 100,
        expand: ['data.payments'],
      });
      // Prices this process has not seen yet (made by another one) name our price in metadata.
      const unknown = new Set(
        found.data
          .flatMap((invoice) => invoice.lines?.data ?? [])
          .map((line) => line.pricing?.price_details?.price)
          .filter((price): price is string => typeof price === 'string' && !ourPriceIds.has(price)),
      );
      for (const id of unknown) rememberPrice(await stripe.prices.retrieve(id));
      const invoices: ProviderInvoice[] = [];
      for (const invoice of found.data) {
        const mapped = toInvoice(invoice);
        if (!mapped) continue;
        if (mapped.status === 'failed') mapped.failureMessage = await failureMessage(invoice);
        invoices.push(mapped);
      }
      // Stripe lists newest first already; equal seconds keep Stripe's order.
      return invoices;
    },
  };

  return {
    ...provider,

    /**
     * Verifies a webhook's signature and age (throws Stripe's signature error: the route answers
     * 400) and normalises the events billing follows; others are null. The age is checked against
     * the wall clock, as Stripe signs with it, not against the (movable) application clock.
     */
    parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent | null {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader ?? '',
        options.webhookSecret,
        WEBHOOK_TOLERANCE_S,
      );
      switch (event.type) {
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return {
            id: event.id,
            type:
              event.type === 'customer.subscription.deleted'
                ? 'subscription.deleted'
                : 'subscription.updated',
            subscriptionId: event.data.object.id,
          };
        case 'invoice.paid':
        case 'invoice.payment_succeeded':
        case 'invoice.payment_failed': {
          const invoice = toInvoice(event.data.object);
          if (!invoice) return null; // not a subscription's invoice
          return {
            id: event.id,
            type: event.type === 'invoice.payment_failed' ? 'invoice.payment_failed' : 'invoice.paid',
            subscriptionId: invoice.subscriptionId,
            invoice,
          };
        }
        default:
          return null;
      }
    },
  };
}
