import { createHash, randomUUID } from 'node:crypto';
import {
  PLAN_FEATURES,
  RETENTION_DISCOUNT_PERCENT,
  TRIAL_EXTENSION_DAYS,
  WELCOME_OFFER,
  currencyForCountry,
  type BillingInterval,
  type CancelBody,
  type CancelOptions,
  type CouponOffer,
  type Currency,
  type Invoice,
  type PaymentMethod,
  type Plan,
  type PlanOffer,
  type PlanTier,
  type SetupIntent,
  type Subscription,
  type SubscriptionChange,
  type SubscriptionEvent,
  type SubscriptionSummary,
} from '@lendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AccountCache, Timed } from '../../lib/account-cache.ts';
import { earliest, type Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { billingMail } from './mail-templates.ts';
import {
  CardError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
} from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';
import {
  billingRepository as repo,
  type PaymentMethodRow,
  type PriceRow,
  type SubscriptionRow,
} from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TIER_RANK: Record<PlanTier, number> = { basic: 0, pro: 1, premium: 2 };
/** How long a retry with the same Idempotency-Key waits for the first call to finish. */
const IDEMPOTENCY_WAIT_MS = 30_000;

export interface BillingDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | SandboxProvider;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  /** A learner's subscription record changed (what GET /auth/me/ shows of it may have). */
  onSubscriptionChanged: (userId: string) => Promise<void>;
  /** Per-learner answers kept until their account changes (onSubscriptionChanged drops them). */
  views: Pick<AccountCache<unknown>, 'view'>;
}

/** A card the processor refused: 402 with the processor's own words (SPEC §8). */
export class CardDeclined extends AppError {
  constructor(readonly providerMessage: string) {
    super(402, 'billing.card-declined', undefined, providerMessage);
  }
}

const iso = (time: Date | null | undefined) => time?.toISOString() ?? null;
const isSandbox = (provider: PaymentProvider): provider is SandboxProvider => provider.kind === 'sandbox';

function toPlan(price: Pick<PriceRow, 'planId' | 'tier' | 'interval' | 'name' | 'trialDays'>): Plan {
  const tier = price.tier as PlanTier;
  return {
    id: price.planId,
    tier,
    name: price.name,
    interval: price.interval as BillingInterval,
    features: [...PLAN_FEATURES[tier]],
    is_pro: tier !== 'basic',
    trial_days: price.trialDays,
  };
}

function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    holder_name: row.holderName,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

/** Our state of a provider subscription (SPEC §4 plus past_due). */
function statusOf(sub: ProviderSubscription): SubscriptionRow['status'] {
  switch (sub.status) {
    case 'trialing':
      return sub.cancelAtPeriodEnd ? 'canceled' : 'trial';
    case 'active':
      return sub.cancelAtPeriodEnd ? 'canceled' : 'active';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    default:
      return 'canceled';
  }
}

/** Whether a subscription gives its plan's features at `now`. */
export function grantsAccess(row: Pick<SubscriptionRow, 'status' | 'endedAt' | 'cancelAt'>, now: Date) {
  if (row.endedAt && row.endedAt <= now) return false;
  if (row.status === 'canceled') return row.cancelAt !== null && row.cancelAt > now;
  return true;
}

/**
 * What an event is news of: Stripe reports one payment twice (invoice.paid and
 * invoice.payment_succeeded, two event ids) and each failed attempt of an invoice once.
 */
function eventKey(event: ProviderEvent) {
  if (event.type === 'invoice.paid') return `invoice.paid/${event.invoice.id}`;
  if (event.type === 'invoice.payment_failed') {
    return `invoice.payment_failed/${event.invoice.id}/${event.invoice.attemptCount}`;
  }
  return event.id;
}

/** When something is due at the provider for this subscription (a trial or period ending). */
const dueAt = (row: SubscriptionRow) => (row.endedAt ? null : row.currentPeriodEnd);

/**
 * The first moment after `now` at which what a subscription grants may change by the clock alone
 * (null: only a write changes it); `now` itself when it is overdue at the provider, which will be
 * asked again on the next read.
 */
function changesAt(row: SubscriptionRow, now: Date): Date | null {
  const due = dueAt(row);
  if (due && due <= now) return now;
  const ahead = (time: Date | null) => (time && time > now ? time : null);
  return earliest(ahead(due), ahead(row.endedAt), ahead(row.cancelAt), ahead(row.trialEndAt));
}

/**
 * Plans, checkout and subscriptions: the one module that talks to the payment provider. It keeps
 * our record of each learner's subscription, payment methods and invoices, updated from the
 * provider's answers and events, and answers what plan a learner is on at any moment.
 */
export function createBillingService({
  db,
  clock,
  provider,
  mailer,
  appUrl,
  log,
  onSubscriptionChanged,
  views,
}: BillingDeps) {
  /** The seeded price catalogue, read once; a failed read is tried again by the next call. */
  let catalogue: Promise<PriceRow[]> | null = null;
  const prices = () =>
    (catalogue ??= repo.prices(db).catch((err: unknown) => {
      catalogue = null;
      throw err;
    }));

  async function priceById(priceId: string) {
    return (await prices()).find((price) => price.priceId === priceId);
  }

  const providerPrice = (price: PriceRow) => ({
    id: price.priceId,
    lookupKey: `lendo_${price.tier}_${price.interval}_${price.currency.toLowerCase()}`,
    productName: `Lendo ${price.name}`,
    amount: price.amount,
    currency: price.currency as Currency,
    interval: price.interval as BillingInterval,
  });

  async function callProvider<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof CardError) throw new CardDeclined(err.message);
      if (err instanceof AppError) throw err;
      throw serviceUnavailable('billing.provider-unavailable', err);
    }
  }

  async function ensureCustomer(userId: string) {
    const existing = await repo.customerOf(db, userId);
    if (existing) return existing.customerId;
    const user = await repo.billingUser(db, userId);
    if (!user) throw notFound();
    const customerId = await callProvider(() =>
      provider.createCustomer({ userId, email: user.email, name: user.billingFullname ?? user.username }),
    );
    return (await repo.insertCustomer(db, userId, provider.kind, customerId)).customerId;
  }

  /** Writes the provider's view of a subscription into our record. */
  async function syncSubscription(sub: ProviderSubscription, userId?: string) {
    const owner = userId ?? (await repo.userOfCustomer(db, provider.kind, sub.customerId));
    if (!owner) {
      log.warn({ subscription: sub.id }, 'billing: subscription of an unknown customer');
      return null;
    }
    const row = await repo.upsertSubscription(db, {
      userId: owner,
      provider: provider.kind,
      providerId: sub.id,
      priceId: sub.priceId,
      status: statusOf(sub),
      trialEndAt: sub.trialEnd,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAt: sub.cancelAt ?? (sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : sub.endedAt),
      endedAt: sub.endedAt,
      nextDiscountPercent: sub.nextDiscountPercent,
    });
    await onSubscriptionChanged(owner);
    return row;
  }

  /** Records the subscription's invoices; returns the provider's list (newest first). */
  async function syncInvoices(row: SubscriptionRow) {
    const found = await callProvider(() => provider.listInvoices(row.providerId));
    for (const invoice of found) {
      await repo.upsertInvoice(db, {
        userId: row.userId,
        subscriptionId: row.id,
        providerId: invoice.id,
        priceId: (await priceById(invoice.priceId)) ? invoice.priceId : null,
        subtotal: invoice.subtotal,
        discount: invoice.discount,
        total: invoice.total,
        currency: invoice.currency,
        status: invoice.status,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        issuedAt: invoice.createdAt,
      });
    }
    return found;
  }

  /** Re-reads a subscription and its invoices from the provider. */
  async function refreshFromProvider(providerId: string, userId?: string) {
    const sub = await callProvider(() => provider.retrieveSubscription(providerId));
    const row = await syncSubscription(sub, userId);
    return { row, invoices: row ? await syncInvoices(row) : [] };
  }

  /**
   * Handles a provider event once (webhooks come at least once, in any order): the subscription
   * is re-read rather than taken from the event, and a mail tells the learner about money.
   */
  async function handleEvent(event: ProviderEvent) {
    const key = eventKey(event);
    if (!(await repo.recordEvent(db, key, event.type))) return false;
    try {
      const before = await repo.subscriptionByProviderId(db, provider.kind, event.subscriptionId);
      const { row, invoices } = await refreshFromProvider(event.subscriptionId, before?.userId);
      if (row && event.type !== 'subscription.updated') await mailAbout(event, row, before, invoices);
      return true;
    } catch (err) {
      // Not handled: let the provider deliver it again.
      await repo.forgetEvent(db, key);
      throw err;
    }
  }

  async function mailAbout(
    event: ProviderEvent,
    row: SubscriptionRow,
    before: SubscriptionRow | undefined,
    invoices: ProviderInvoice[],
  ) {
    const user = await repo.billingUser(db, row.userId);
    const price = await priceById(row.priceId);
    if (!user || !price) return;
    const context = { locale: user.locale, appUrl, planName: price.name };
    if (event.type === 'invoice.payment_failed') {
      // The last attempt ends the plan (the deletion event that follows finds it ended already).
      const retryAt = event.invoice.nextAttemptAt;
      await mailer.send({
        to: user.email,
        ...(retryAt === null
          ? billingMail.canceledUnpaid(context)
          : billingMail.paymentFailed({
              ...context,
              retryAt,
              amount: event.invoice.total,
              currency: event.invoice.currency,
            })),
      });
    } else if (event.type === 'invoice.paid') {
      // The subscription's first invoice is the checkout itself (answered on screen); renewals and
      // recovered payments get a receipt.
      const checkout = invoices.at(-1)?.id === event.invoice.id;
      if (event.invoice.total > 0 && (before?.status === 'past_due' || !checkout)) {
        await mailer.send({
          to: user.email,
          ...billingMail.paymentReceived({
            ...context,
            amount: event.invoice.total,
            currency: event.invoice.currency,
            periodEnd: event.invoice.periodEnd,
          }),
        });
      }
    }
  }

  /** Runs what the sandbox's clock has made due (renewals, retries…) and applies its events. */
  async function advanceSandbox() {
    if (!isSandbox(provider)) return;
    for (const event of await provider.advance()) await handleEvent(event);
  }

  /**
   * The learner's latest subscription, brought up to date first when its trial or period has
   * ended (the provider renewed, failed or ended it meanwhile).
   */
  async function current(userId: string) {
    let found = await repo.latestSubscription(db, userId);
    const due = found && dueAt(found.subscription);
    if (found && due && due <= clock.now()) {
      try {
        if (isSandbox(provider)) await advanceSandbox();
        else await refreshFromProvider(found.subscription.providerId, userId);
      } catch (err) {
        log.warn({ err }, 'billing: could not bring a subscription up to date');
      }
      found = await repo.latestSubscription(db, userId);
    }
    return found;
  }

  /** The live subscription the learner may change (404 billing.no-subscription without one). */
  async function liveSubscription(userId: string) {
    const found = await current(userId);
    if (!found || !grantsAccess(found.subscription, clock.now())) {
      throw new AppError(404, 'billing.no-subscription');
    }
    return found;
  }

  /** The offer of `price`; its trial shows only to a learner who has not had one (they are charged at once). */
  async function offerFor(
    price: PriceRow,
    currentPriceId: string | null,
    trialUsed = true,
  ): Promise<PlanOffer> {
    const all = await prices();
    const monthly = all.find(
      (p) => p.tier === price.tier && p.interval === 'monthly' && p.currency === price.currency,
    )!;
    const yearly = price.interval === 'yearly';
    return {
      plan: toPlan(trialUsed ? { ...price, trialDays: 0 } : price),
      price_id: price.tier === 'basic' ? null : price.priceId,
      amount: price.amount,
      cost_per_month: yearly ? Math.round(price.amount / 12) : price.amount,
      old_cost_per_month: yearly && price.amount > 0 ? monthly.amount : null,
      currency: price.currency as Currency,
      is_current_plan: currentPriceId
        ? all.find((p) => p.priceId === currentPriceId)?.planId === price.planId
        : price.tier === 'basic' && price.interval === 'monthly',
    };
  }

  /** What offers depend on: the learner's current price (null on basic) and whether they had a trial. */
  /** The learner's current price and whether they had a trial: kept until their plan changes. */
  function offerContext(userId: string) {
    return views.view(userId, 'offer-context', async () => {
      const found = await current(userId);
      const now = clock.now();
      const mine = found && grantsAccess(found.subscription, now) ? found.subscription.priceId : null;
      // A learner who never subscribed had no trial; one whose latest subscription had it needs no query.
      const trialUsed = found
        ? found.subscription.trialEndAt !== null || (await repo.hadTrial(db, userId))
        : false;
      const until = found ? changesAt(found.subscription, now) : null;
      return { value: { mine, trialUsed, until }, until };
    });
  }

  async function view(userId: string): Promise<Subscription> {
    const found = await current(userId);
    const now = clock.now();
    const methods = await repo.paymentMethods(db, userId);
    const card = methods.find((m) => m.isDefault) ?? null;
    if (!found || (found.subscription.endedAt && found.subscription.endedAt <= now)) {
      const basic = (await prices()).find((p) => p.tier === 'basic' && p.interval === 'monthly')!;
      return {
        id: null,
        status: 'free',
        plan: toPlan(basic),
        price_id: null,
        amount: 0,
        currency: (found?.price.currency as Currency) ?? 'USD',
        trial_end_at: null,
        current_period_end: null,
        cancel_at: null,
        has_access: false,
        can_reactivate: false,
        next_discount_percent: null,
        annual_price_id: null,
        payment_method: card && toPaymentMethod(card),
      };
    }
    const { subscription: row, price } = found;
    const annual =
      price.interval === 'monthly'
        ? (await prices()).find(
            (p) => p.tier === price.tier && p.interval === 'yearly' && p.currency === price.currency,
          )
        : undefined;
    const access = grantsAccess(row, now);
    return {
      id: row.id,
      status: row.status as Subscription['status'],
      plan: toPlan(price),
      price_id: price.priceId,
      amount: price.amount,
      currency: price.currency as Currency,
      trial_end_at:
        row.status === 'trial' || (row.trialEndAt && row.trialEndAt > now) ? iso(row.trialEndAt) : null,
      current_period_end: iso(row.currentPeriodEnd),
      cancel_at: row.status === 'canceled' ? iso(row.cancelAt) : null,
      has_access: access,
      can_reactivate: access && row.status === 'canceled' && !row.endedAt,
      next_discount_percent: row.nextDiscountPercent,
      annual_price_id: annual?.priceId ?? null,
      payment_method: card && toPaymentMethod(card),
    };
  }

  async function change(userId: string, event: SubscriptionEvent): Promise<SubscriptionChange> {
    return { event, subscription: await view(userId) };
  }

  async function cancelOptions(userId: string): Promise<CancelOptions> {
    const { subscription: row, price } = await liveSubscription(userId);
    const canExtend = row.status === 'trial' && !row.trialExtended;
    const cheaper =
      canExtend || row.status === 'canceled'
        ? undefined
        : (await prices()).find(
            (p) =>
              TIER_RANK[p.tier as PlanTier] === TIER_RANK[price.tier as PlanTier] - 1 &&
              p.tier !== 'basic' &&
              p.interval === price.interval &&
              p.currency === price.currency,
          );
    return {
      can_extend_trial: canExtend,
      can_receive_discount: row.status === 'active' && !row.discountUsed,
      downgrade: cheaper ? await offerFor(cheaper, row.priceId) : null,
    };
  }

  /** Runs `work` once per Idempotency-Key: a retry (even a concurrent one) gets the first answer. */
  async function idempotent<T>(userId: string, key: string, request: unknown, work: () => Promise<T>) {
    const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    if (!(await repo.claimIdempotencyKey(db, userId, key, hash))) {
      const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
      for (;;) {
        const row = await repo.idempotencyKey(db, userId, key);
        if (!row) return idempotent(userId, key, request, work);
        if (row.requestHash !== hash) throw conflict('billing.idempotency-mismatch');
        if (row.statusCode !== null) {
          if (row.statusCode >= 400) {
            const { code, message } = row.response as { code: string; message: string };
            throw code === 'billing.card-declined'
              ? new CardDeclined(message)
              : new AppError(row.statusCode, code as never);
          }
          return row.response as T;
        }
        if (Date.now() > deadline) throw conflict('billing.in-progress');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    try {
      const result = await work();
      await repo.completeIdempotencyKey(db, userId, key, 201, result);
      return result;
    } catch (err) {
      // A refusal is the answer for this key; anything unexpected may be tried again.
      if (err instanceof AppError && err.statusCode < 500) {
        const message = err instanceof CardDeclined ? err.providerMessage : err.message;
        await repo.completeIdempotencyKey(db, userId, key, err.statusCode, { code: err.code, message });
      } else {
        await repo.releaseIdempotencyKey(db, userId, key);
      }
      throw err;
    }
  }

  async function validPromotionCode(userId: string, code: string) {
    const found = await callProvider(() => provider.findPromotionCode(code));
    const now = clock.now();
    if (!found || (found.expiresAt && found.expiresAt <= now)) throw badRequest('billing.invalid-coupon');
    if (found.customerId) {
      const customer = await repo.customerOf(db, userId);
      if (customer?.customerId !== found.customerId) throw badRequest('billing.invalid-coupon');
    }
    return found;
  }

  /** A paid price the learner may switch to from their current one. */
  async function paidPrice(priceId: string, currency?: string) {
    const price = await priceById(priceId);
    if (!price) throw notFound();
    if (price.tier === 'basic' || (currency && price.currency !== currency)) {
      throw badRequest('billing.plan-not-available');
    }
    return price;
  }

  return {
    provider,
    handleEvent,
    advanceSandbox,

    /** The plan tier the learner has now: basic unless a subscription grants more. */
    async planOf(userId: string): Promise<PlanTier> {
      const found = await current(userId);
      return found && grantsAccess(found.subscription, clock.now())
        ? (found.price.tier as PlanTier)
        : 'basic';
    },

    /** What GET /auth/me/ says of the subscription, and until when that holds by the clock. */
    async summary(userId: string): Promise<Timed<SubscriptionSummary>> {
      const found = await current(userId);
      if (!found) {
        return {
          value: { status: 'free', plan: null, trial_end_at: null, current_period_end: null },
          until: null,
        };
      }
      const { subscription: row, price } = found;
      const now = clock.now();
      const access = grantsAccess(row, now);
      const value: SubscriptionSummary = {
        status: access || row.status !== 'canceled' ? (row.status as SubscriptionSummary['status']) : 'free',
        plan: access
          ? {
              id: price.planId,
              tier: price.tier as PlanTier,
              name: price.name,
              interval: price.interval as BillingInterval,
              is_pro: price.tier !== 'basic',
            }
          : null,
        trial_end_at: row.status === 'trial' ? iso(row.trialEndAt) : null,
        current_period_end: access ? iso(row.currentPeriodEnd) : null,
      };
      return { value, until: changesAt(row, now) };
    },

    /** The offers in the learner's currency, kept like what they depend on (offerContext). */
    async plans(userId: string, country: string | undefined): Promise<PlanOffer[]> {
      const currency = currencyForCountry(country);
      return views.view(userId, `plans:${currency}`, async () => {
        const { mine, trialUsed, until } = await offerContext(userId);
        const all = (await prices()).filter((p) => p.currency === currency);
        all.sort(
          (a, b) =>
            TIER_RANK[a.tier as PlanTier] - TIER_RANK[b.tier as PlanTier] ||
            (a.interval === 'monthly' ? -1 : 1) - (b.interval === 'monthly' ? -1 : 1),
        );
        const value = await Promise.all(all.map((price) => offerFor(price, mine, trialUsed)));
        return { value, until };
      });
    },

    async plan(userId: string, planId: string, country: string | undefined): Promise<PlanOffer> {
      const currency = currencyForCountry(country);
      const price = (await prices()).find((p) => p.planId === planId && p.currency === currency);
      if (!price) throw notFound();
      const { mine, trialUsed } = await offerContext(userId);
      return offerFor(price, mine, trialUsed);
    },

    subscription: view,

    async setupIntent(userId: string, priceId: string): Promise<SetupIntent> {
      if (!(await priceById(priceId))) throw notFound();
      const customerId = await ensureCustomer(userId);
      const intent = await callProvider(() => provider.createSetupIntent(customerId));
      return {
        id: intent.id,
        client_secret: intent.clientSecret,
        provider: provider.kind,
        publishable_key: provider.publishableKey,
      };
    },

    /** The sandbox's stand-in for Stripe.js confirming a card: 404 for another learner's intent. */
    async confirmSandboxSetupIntent(
      userId: string,
      setupIntentId: string,
      body: {
        client_secret: string;
        card: { number: string; exp_month: number; exp_year: number; cvc: string };
        billing_details: { name: string };
      },
    ) {
      if (!isSandbox(provider)) throw notFound();
      const customer = await repo.customerOf(db, userId);
      if (!customer) throw notFound();
      const intent = await callProvider(() =>
        provider.confirmSetupIntent(customer.customerId, setupIntentId, body.client_secret, {
          number: body.card.number,
          expMonth: body.card.exp_month,
          expYear: body.card.exp_year,
          cvc: body.card.cvc,
          holderName: body.billing_details.name,
        }),
      );
      if (!intent) throw notFound();
      return { id: intent.id, status: 'succeeded' as const, payment_method: intent.paymentMethod! };
    },

    async paymentMethods(userId: string) {
      return (await repo.paymentMethods(db, userId)).map(toPaymentMethod);
    },

    /** Saves a card the learner confirmed with the provider; the first card becomes the default. */
    async addPaymentMethod(userId: string, paymentMethodId: string, setAsDefault: boolean) {
      const customerId = await ensureCustomer(userId);
      const card = await callProvider(() => provider.getPaymentMethod(customerId, paymentMethodId));
      if (!card) throw new AppError(404, 'billing.payment-method-not-found');
      const makeDefault =
        setAsDefault || (await repo.paymentMethods(db, userId)).every((m) => m.id === card.id);
      await repo.upsertPaymentMethod(db, {
        id: card.id,
        userId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: card.holderName,
      });
      if (makeDefault) {
        await callProvider(() => provider.setDefaultPaymentMethod(customerId, card.id));
        await repo.setDefaultPaymentMethod(db, userId, card.id);
      }
      return toPaymentMethod((await repo.paymentMethod(db, userId, card.id))!);
    },

    async updatePaymentMethod(
      userId: string,
      body: {
        payment_method_id: string;
        holder_name?: string;
        exp_month?: number;
        exp_year?: number;
        set_as_default: boolean;
      },
    ) {
      const row = await repo.paymentMethod(db, userId, body.payment_method_id);
      if (!row) throw new AppError(404, 'billing.payment-method-not-found');
      const customerId = await ensureCustomer(userId);
      if (body.holder_name !== undefined || body.exp_month !== undefined || body.exp_year !== undefined) {
        const expMonth = body.exp_month ?? row.expMonth;
        const expYear = body.exp_year ?? row.expYear;
        const today = clock.now();
        if (
          expYear < today.getUTCFullYear() ||
          (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
        ) {
          throw badRequest('billing.invalid-expiry', { exp_year: 'billing.invalid-expiry' });
        }
        const card = await callProvider(() =>
          provider.updatePaymentMethod(row.id, { holderName: body.holder_name, expMonth, expYear }),
        );
        await repo.upsertPaymentMethod(db, {
          ...row,
          holderName: card.holderName,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
      }
      if (body.set_as_default) {
        await callProvider(() => provider.setDefaultPaymentMethod(customerId, row.id));
        await repo.setDefaultPaymentMethod(db, userId, row.id);
      }
      return toPaymentMethod((await repo.paymentMethod(db, userId, row.id))!);
    },

    async deletePaymentMethod(userId: string, paymentMethodId: string) {
      const row = await repo.paymentMethod(db, userId, paymentMethodId);
      if (!row) throw new AppError(404, 'billing.payment-method-not-found');
      const other = await repo.otherPaymentMethod(db, userId, row.id);
      const found = await current(userId);
      const renews =
        found && grantsAccess(found.subscription, clock.now()) && found.subscription.status !== 'canceled';
      if (!other && renews) throw conflict('billing.payment-method-in-use');
      const customerId = await ensureCustomer(userId);
      if (row.isDefault && other) {
        await callProvider(() => provider.setDefaultPaymentMethod(customerId, other.id));
        await repo.setDefaultPaymentMethod(db, userId, other.id);
      }
      await callProvider(() => provider.detachPaymentMethod(row.id));
      await repo.deletePaymentMethod(db, userId, row.id);
    },

    async promotionCode(userId: string, code: string): Promise<CouponOffer> {
      const found = await validPromotionCode(userId, code);
      return {
        code: found.code,
        percent_off: found.percentOff,
        expires_at: iso(found.expiresAt),
        is_expired: false,
      };
    },

    /**
     * The introductory offer the offer modal counts down to: made the first time it is asked for,
     * for learners who never had a subscription; null for everyone else.
     */
    async offerDiscount(userId: string): Promise<CouponOffer | null> {
      if (await repo.latestSubscription(db, userId)) return null;
      let offer = await repo.offer(db, userId);
      if (!offer) {
        const customerId = await ensureCustomer(userId);
        const expiresAt = new Date(clock.now().getTime() + WELCOME_OFFER.hours * 60 * 60 * 1000);
        const promo = await callProvider(() =>
          provider.createPromotionCode({ customerId, percentOff: WELCOME_OFFER.percentOff, expiresAt }),
        );
        await repo.insertOffer(db, {
          userId,
          promotionCodeId: promo.id,
          code: promo.code,
          percentOff: promo.percentOff,
          expiresAt,
        });
        offer = (await repo.offer(db, userId))!;
      }
      return {
        code: offer.code,
        percent_off: offer.percentOff,
        expires_at: offer.expiresAt.toISOString(),
        is_expired: offer.expiresAt <= clock.now(),
      };
    },

    /**
     * Subscribes the learner: checks the billing identity checkout asked for (full name, and the
     * CPF when paying in BRL), saves the card, applies the coupon and starts the plan — with its
     * trial the first time, charged at once otherwise.
     */
    async subscribe(
      userId: string,
      body: { price_id: string; payment_method_id: string; promotion_code?: string },
      idempotencyKey: string | undefined,
    ): Promise<Subscription> {
      return idempotent(userId, idempotencyKey ?? randomUUID(), body, async () => {
        const price = await paidPrice(body.price_id);
        const user = await repo.billingUser(db, userId);
        if (!user) throw notFound();
        if (price.currency === 'BRL' && (!user.billingFullname || !user.cpf)) {
          throw badRequest('billing.billing-info-required');
        }
        if (!user.billingFullname) throw badRequest('billing.fullname-needed');
        const found = await current(userId);
        if (found && grantsAccess(found.subscription, clock.now()))
          throw conflict('billing.already-subscribed');
        const promo = body.promotion_code ? await validPromotionCode(userId, body.promotion_code) : undefined;
        const customerId = await ensureCustomer(userId);
        const card = await callProvider(() => provider.getPaymentMethod(customerId, body.payment_method_id));
        if (!card) throw new AppError(404, 'billing.payment-method-not-found');
        const trialDays = (await repo.hadTrial(db, userId)) ? 0 : price.trialDays;
        const sub = await callProvider(() =>
          provider.createSubscription({
            customerId,
            price: providerPrice(price),
            paymentMethodId: card.id,
            trialDays,
            promotionCodeId: promo?.id,
            idempotencyKey: `subscribe-${userId}-${idempotencyKey ?? randomUUID()}`,
          }),
        );
        await repo.upsertPaymentMethod(db, {
          id: card.id,
          userId,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          holderName: card.holderName,
        });
        await callProvider(() => provider.setDefaultPaymentMethod(customerId, card.id));
        await repo.setDefaultPaymentMethod(db, userId, card.id);
        const row = await syncSubscription(sub, userId);
        if (row) await syncInvoices(row);
        return view(userId);
      });
    },

    async invoices(userId: string): Promise<Invoice[]> {
      return (await repo.invoices(db, userId)).map(({ invoice, tier, interval }) => ({
        id: invoice.id,
        date: invoice.issuedAt.toISOString(),
        description: tier
          ? `Lendo ${tier[0]!.toUpperCase()}${tier.slice(1)} (${interval})`
          : 'Lendo subscription',
        subtotal: invoice.subtotal,
        discount: invoice.discount,
        total: invoice.total,
        currency: invoice.currency as Currency,
        status: invoice.status as Invoice['status'],
        plan_tier: (tier as PlanTier | null) ?? null,
        interval: (interval as BillingInterval | null) ?? null,
        period_start: iso(invoice.periodStart),
        period_end: iso(invoice.periodEnd),
      }));
    },

    cancelOptions,

    async cancel(userId: string, body: CancelBody): Promise<SubscriptionChange> {
      const options = await cancelOptions(userId);
      const { subscription: row } = await liveSubscription(userId);
      if (body.apply_trial) {
        if (!options.can_extend_trial || !row.trialEndAt) throw conflict('billing.offer-unavailable');
        const trialEnd = new Date(row.trialEndAt.getTime() + TRIAL_EXTENSION_DAYS * DAY_MS);
        await syncSubscription(
          await callProvider(() => provider.extendTrial(row.providerId, trialEnd)),
          userId,
        );
        await repo.updateSubscription(db, row.id, { trialExtended: true });
        return change(userId, 'trial-extended');
      }
      if (body.apply_discount) {
        if (!options.can_receive_discount) throw conflict('billing.offer-unavailable');
        await syncSubscription(
          await callProvider(() => provider.discountNextInvoice(row.providerId, RETENTION_DISCOUNT_PERCENT)),
          userId,
        );
        await repo.updateSubscription(db, row.id, { discountUsed: true });
        return change(userId, 'discount-applied');
      }
      if (body.downgrade_price_id) {
        if (options.downgrade?.price_id !== body.downgrade_price_id)
          throw conflict('billing.offer-unavailable');
        const price = await paidPrice(body.downgrade_price_id);
        const sub = await callProvider(() => provider.changePrice(row.providerId, providerPrice(price)));
        const synced = await syncSubscription(sub, userId);
        if (synced) await syncInvoices(synced);
        return change(userId, 'downgraded');
      }
      if (row.status === 'canceled') throw conflict('billing.offer-unavailable');
      const inTrial = row.status === 'trial';
      const sub = await callProvider(() => provider.cancel(row.providerId, inTrial ? 'now' : 'period_end'));
      await syncSubscription(sub, userId);
      await repo.updateSubscription(db, row.id, {
        cancelReason: body.reason,
        cancelFeedback: body.feedback || null,
      });
      const trialStillAhead = inTrial && row.trialEndAt !== null && row.trialEndAt > clock.now();
      return change(userId, trialStillAhead ? 'canceled-trial-subscription' : 'canceled-subscription');
    },

    async reactivate(userId: string): Promise<SubscriptionChange> {
      const found = await current(userId);
      const row = found?.subscription;
      if (!row || row.status !== 'canceled' || row.endedAt || !grantsAccess(row, clock.now())) {
        throw conflict('billing.cannot-reactivate');
      }
      await syncSubscription(await callProvider(() => provider.resume(row.providerId)), userId);
      await repo.updateSubscription(db, row.id, { cancelReason: null, cancelFeedback: null });
      return change(userId, 'reactivated');
    },

    /** Another paid plan: the yearly one of the same plan, a cheaper or a richer one. */
    async changePlan(userId: string, priceId: string): Promise<SubscriptionChange> {
      const { subscription: row, price: from } = await liveSubscription(userId);
      if (row.status === 'canceled') throw conflict('billing.offer-unavailable');
      const to = await paidPrice(priceId, from.currency);
      if (to.priceId === from.priceId) throw conflict('billing.same-plan');
      const sub = await callProvider(() => provider.changePrice(row.providerId, providerPrice(to)));
      const synced = await syncSubscription(sub, userId);
      if (synced) await syncInvoices(synced);
      const rank = (p: PriceRow) => TIER_RANK[p.tier as PlanTier];
      const event: SubscriptionEvent =
        rank(to) < rank(from)
          ? 'downgraded'
          : rank(to) === rank(from) && to.interval === 'yearly'
            ? 'changed-to-annual'
            : 'plan-changed';
      return change(userId, event);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
