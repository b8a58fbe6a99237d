import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { RENEWAL_RETRY_DAYS, type Currency } from '@lendo/shared';
import type { Db, Executor } from '../../../db/client.ts';
import { sandboxObjects } from '../../../db/schema.ts';
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
} from './provider.ts';

/**
 * The embedded default's card processor: a complete local stand-in for Stripe, kept in the
 * database (sandbox_objects). It answers Stripe's test cards the way Stripe does and runs the
 * subscription lifecycle — trials, renewals, failed renewals retried and then canceled — on the
 * server's clock, so the test clock moves it. It keeps only a card's brand, last 4, expiry and
 * holder: the number is looked at once, when the setup intent is confirmed, and never stored.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type CardBehaviour = 'ok' | 'fail_charge';
/** What a test card does (Stripe's testing numbers); any other valid number is a live card. */
const TEST_CARDS: Record<string, { behaviour: CardBehaviour } | CardError> = {
  '4242424242424242': { behaviour: 'ok' },
  '4000056655665556': { behaviour: 'ok' },
  '5555555555554444': { behaviour: 'ok' },
  '2223003122003222': { behaviour: 'ok' },
  '378282246310005': { behaviour: 'ok' },
  '4000000000000341': { behaviour: 'fail_charge' },
  '4000000000000002': new CardError('Your card was declined.', 'card_declined', 'generic_decline'),
  '4000000000009995': new CardError(
    'Your card has insufficient funds.',
    'card_declined',
    'insufficient_funds',
  ),
  '4000000000000069': new CardError('Your card has expired.', 'expired_card'),
  '4000000000000127': new CardError("Your card's security code is incorrect.", 'incorrect_cvc'),
};
const LIVE_CARD = new CardError(
  'Your card was declined. Your request was in test mode, but used a non test (live) card.',
  'card_declined',
  'live_mode_test_card',
);
const CHARGE_DECLINED = () => new CardError('Your card was declined.', 'card_declined', 'generic_decline');

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

interface Customer {
  id: string;
  email: string;
  name: string;
  userId: string;
  defaultPaymentMethod: string | null;
}
interface SetupIntentObject {
  id: string;
  customer: string;
  clientSecret: string;
  status: 'requires_payment_method' | 'succeeded';
  paymentMethod: string | null;
}
interface PaymentMethodObject {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
  behaviour: CardBehaviour;
}
interface PromotionCodeObject {
  id: string;
  code: string;
  percentOff: number;
  expiresAt: string | null;
  customer: string | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
}
interface SubscriptionObject {
  id: string;
  customer: string;
  price: ProviderPrice;
  status: ProviderSubscription['status'];
  trialEnd: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  endedAt: string | null;
  nextDiscountPercent: number | null;
  defaultPaymentMethod: string;
  /** The unpaid invoice being retried, while past due. */
  openInvoice: string | null;
}
interface InvoiceObject extends Omit<
  ProviderInvoice,
  'createdAt' | 'periodStart' | 'periodEnd' | 'nextAttemptAt'
> {
  createdAt: string;
  periodStart: string;
  periodEnd: string;
  nextAttemptAt: string | null;
}
interface ObjectTypes {
  customer: Customer;
  setup_intent: SetupIntentObject;
  payment_method: PaymentMethodObject;
  promotion_code: PromotionCodeObject;
  subscription: SubscriptionObject;
  invoice: InvoiceObject;
  /** The subscription an Idempotency-Key created. */
  idempotency: { id: string; subscription: string };
}
type ObjectType = keyof ObjectTypes;

const PREFIXES: Record<ObjectType, string> = {
  customer: 'cus',
  setup_intent: 'seti',
  payment_method: 'pm',
  promotion_code: 'promo',
  subscription: 'sub',
  invoice: 'in',
  idempotency: 'idem',
};
const newId = (type: ObjectType) => `${PREFIXES[type]}_sbx${randomBytes(12).toString('hex')}`;

/** Promotion codes every sandbox has: two that work and one that has expired. */
const SEEDED_CODES: PromotionCodeObject[] = [
  { id: 'promo_sbx_lendo10', code: 'LENDO10', percentOff: 10, expiresAt: null },
  { id: 'promo_sbx_bemvindo25', code: 'BEMVINDO25', percentOff: 25, expiresAt: null },
  { id: 'promo_sbx_verao2025', code: 'VERAO2025', percentOff: 30, expiresAt: '2025-03-01T00:00:00.000Z' },
].map((code) => ({ ...code, customer: null, maxRedemptions: null, timesRedeemed: 0 }));

export function addInterval(start: Date, interval: ProviderPrice['interval']): Date {
  const next = new Date(start);
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

const toSubscription = (s: SubscriptionObject): ProviderSubscription => ({
  id: s.id,
  customerId: s.customer,
  status: s.status,
  priceId: s.price.id,
  trialEnd: s.trialEnd ? new Date(s.trialEnd) : null,
  currentPeriodStart: new Date(s.currentPeriodStart),
  currentPeriodEnd: new Date(s.currentPeriodEnd),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  cancelAt: s.cancelAt ? new Date(s.cancelAt) : null,
  endedAt: s.endedAt ? new Date(s.endedAt) : null,
  nextDiscountPercent: s.nextDiscountPercent,
  defaultPaymentMethodId: s.defaultPaymentMethod,
});
const toInvoice = (i: InvoiceObject): ProviderInvoice => ({
  ...i,
  createdAt: new Date(i.createdAt),
  periodStart: new Date(i.periodStart),
  periodEnd: new Date(i.periodEnd),
  nextAttemptAt: i.nextAttemptAt ? new Date(i.nextAttemptAt) : null,
});
const toCard = (pm: PaymentMethodObject): ProviderCard => ({
  id: pm.id,
  brand: pm.brand,
  last4: pm.last4,
  expMonth: pm.expMonth,
  expYear: pm.expYear,
  holderName: pm.holderName,
});
const toPromotionCode = (p: PromotionCodeObject): ProviderPromotionCode => ({
  id: p.id,
  code: p.code,
  percentOff: p.percentOff,
  expiresAt: p.expiresAt ? new Date(p.expiresAt) : null,
  customerId: p.customer,
});

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

export function createSandboxProvider({ db, clock }: { db: Db; clock: Clock }) {
  const now = () => clock.now();

  async function get<T extends ObjectType>(ex: Executor, type: T, id: string, lock = false) {
    const query = ex
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.type, type)));
    const [row] = lock ? await query.for('update') : await query;
    return (row?.data as ObjectTypes[T] | undefined) ?? null;
  }

  async function must<T extends ObjectType>(ex: Executor, type: T, id: string, lock = false) {
    const found = await get(ex, type, id, lock);
    if (!found) throw new Error(`sandbox: no such ${type}: ${id}`);
    return found;
  }

  async function put<T extends ObjectType>(
    ex: Executor,
    type: T,
    object: ObjectTypes[T],
    customer?: string | null,
  ) {
    await ex
      .insert(sandboxObjects)
      .values({ id: object.id, type, customerId: customer ?? null, data: object, createdAt: now() })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: sql`excluded.data` } });
    return object;
  }

  async function list<T extends ObjectType>(ex: Executor, type: T, customer?: string) {
    const rows = await ex
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(
        customer
          ? and(eq(sandboxObjects.type, type), eq(sandboxObjects.customerId, customer))
          : eq(sandboxObjects.type, type),
      )
      .orderBy(sandboxObjects.createdAt);
    return rows.map((row) => row.data as ObjectTypes[T]);
  }

  /** Charges `amount` to a card: a card that fails on charge (…0341) is declined. */
  function charge(card: PaymentMethodObject | null, amount: number) {
    if (amount > 0 && (!card || card.behaviour === 'fail_charge')) throw CHARGE_DECLINED();
  }

  async function writeInvoice(
    ex: Executor,
    sub: SubscriptionObject,
    input: {
      subtotal: number;
      discount: number;
      periodStart: Date;
      periodEnd: Date;
      paid: boolean;
      message?: string;
    },
  ) {
    const invoice: InvoiceObject = {
      id: newId('invoice'),
      subscriptionId: sub.id,
      customerId: sub.customer,
      priceId: sub.price.id,
      createdAt: now().toISOString(),
      periodStart: input.periodStart.toISOString(),
      periodEnd: input.periodEnd.toISOString(),
      subtotal: input.subtotal,
      discount: input.discount,
      total: input.subtotal - input.discount,
      currency: sub.price.currency as Currency,
      status: input.paid ? 'paid' : 'failed',
      failureMessage: input.paid ? null : (input.message ?? null),
      nextAttemptAt: input.paid
        ? null
        : new Date(now().getTime() + RENEWAL_RETRY_DAYS[0] * DAY_MS).toISOString(),
      attemptCount: 1,
    };
    return put(ex, 'invoice', invoice, sub.customer);
  }

  /** The amount of the next invoice, with the waiting discount taken off (and used up). */
  function nextAmounts(sub: SubscriptionObject) {
    const subtotal = sub.price.amount;
    const discount = Math.round((subtotal * (sub.nextDiscountPercent ?? 0)) / 100);
    return { subtotal, discount };
  }

  /** Bills the period that starts at `start`; a declined card leaves the subscription past due. */
  async function renew(ex: Executor, sub: SubscriptionObject, start: Date, events: ProviderEvent[]) {
    const end = addInterval(start, sub.price.interval);
    const card = await get(ex, 'payment_method', sub.defaultPaymentMethod);
    const amounts = nextAmounts(sub);
    let paid = true;
    let message: string | undefined;
    try {
      charge(card, amounts.subtotal - amounts.discount);
    } catch (err) {
      paid = false;
      message = (err as Error).message;
    }
    const invoice = await writeInvoice(ex, sub, {
      ...amounts,
      periodStart: start,
      periodEnd: end,
      paid,
      message,
    });
    sub.nextDiscountPercent = null;
    sub.currentPeriodStart = start.toISOString();
    sub.currentPeriodEnd = end.toISOString();
    if (paid) {
      sub.status = 'active';
      sub.openInvoice = null;
    } else {
      sub.status = 'past_due';
      sub.openInvoice = invoice.id;
    }
    events.push({
      id: newId('invoice').replace(/^in_/, 'evt_'),
      type: paid ? 'invoice.paid' : 'invoice.payment_failed',
      subscriptionId: sub.id,
      invoice: toInvoice(invoice),
    });
  }

  /** Retries the unpaid invoice of a past-due subscription; after the last retry it cancels. */
  async function retry(ex: Executor, sub: SubscriptionObject, events: ProviderEvent[]) {
    const invoice = await must(ex, 'invoice', sub.openInvoice!);
    const card = await get(ex, 'payment_method', sub.defaultPaymentMethod);
    invoice.attemptCount += 1;
    try {
      charge(card, invoice.total);
      invoice.status = 'paid';
      invoice.failureMessage = null;
      invoice.nextAttemptAt = null;
      sub.status = 'active';
      sub.openInvoice = null;
    } catch (err) {
      invoice.failureMessage = (err as Error).message;
      const wait = RENEWAL_RETRY_DAYS[invoice.attemptCount - 1];
      if (wait === undefined) {
        invoice.status = 'void';
        invoice.nextAttemptAt = null;
        sub.status = 'canceled';
        sub.endedAt = now().toISOString();
        sub.cancelAt = sub.endedAt;
        sub.openInvoice = null;
      } else {
        invoice.nextAttemptAt = new Date(now().getTime() + wait * DAY_MS).toISOString();
      }
    }
    await put(ex, 'invoice', invoice, sub.customer);
    events.push({
      id: newId('invoice').replace(/^in_/, 'evt_'),
      type: invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed',
      subscriptionId: sub.id,
      invoice: toInvoice(invoice),
    });
  }

  /** Moves one subscription along the clock; true when something happened. */
  async function step(ex: Executor, sub: SubscriptionObject, at: Date, events: ProviderEvent[]) {
    const periodEnd = new Date(sub.currentPeriodEnd);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return false;
    if (sub.cancelAtPeriodEnd && at >= periodEnd) {
      sub.status = 'canceled';
      sub.endedAt = periodEnd.toISOString();
      return true;
    }
    if (sub.status === 'past_due' && sub.openInvoice) {
      const invoice = await must(ex, 'invoice', sub.openInvoice);
      if (invoice.nextAttemptAt && at >= new Date(invoice.nextAttemptAt)) {
        await retry(ex, sub, events);
        return true;
      }
      return false;
    }
    if ((sub.status === 'trialing' || sub.status === 'active') && at >= periodEnd) {
      await renew(ex, sub, periodEnd, events);
      return true;
    }
    return false;
  }

  /** Runs of advance() queue up: two must never bill the same period. */
  let queue: Promise<unknown> = Promise.resolve();

  async function advanceAll(): Promise<ProviderEvent[]> {
    const events: ProviderEvent[] = [];
    const at = now();
    const live = (await list(db, 'subscription')).filter(
      (s) => !['canceled', 'incomplete_expired'].includes(s.status),
    );
    for (const { id } of live) {
      await db.transaction(async (tx) => {
        const sub = await must(tx, 'subscription', id, true);
        let changed = false;
        // A clock moved by months renews once per period; the bound only guards against a loop.
        for (let i = 0; i < 500 && (await step(tx, sub, at, events)); i++) changed = true;
        if (!changed) return;
        await put(tx, 'subscription', sub, sub.customer);
        events.push({
          id: newId('subscription').replace(/^sub_/, 'evt_'),
          type: sub.status === 'canceled' ? 'subscription.deleted' : 'subscription.updated',
          subscriptionId: sub.id,
        });
      });
    }
    return events;
  }

  async function updateSubscription(
    id: string,
    change: (sub: SubscriptionObject, tx: Executor) => Promise<void> | void,
  ) {
    return db.transaction(async (tx) => {
      const sub = await must(tx, 'subscription', id, true);
      await change(sub, tx);
      await put(tx, 'subscription', sub, sub.customer);
      return toSubscription(sub);
    });
  }

  const provider = {
    kind: 'sandbox' as const,
    publishableKey: null,

    /** Puts the sandbox's promotion codes in place; safe at every start. */
    async seed() {
      for (const code of SEEDED_CODES) {
        if (!(await get(db, 'promotion_code', code.id))) await put(db, 'promotion_code', code);
      }
    },

    /**
     * Runs what the clock has made due: trial ends, renewals, retries of failed renewals, ends of
     * canceled periods. One run at a time; the events tell the billing service what changed.
     */
    advance(): Promise<ProviderEvent[]> {
      const run = queue.then(advanceAll, advanceAll);
      queue = run.catch(() => undefined);
      return run;
    },

    /**
     * What Stripe.js does with the card form: confirms the setup intent with a card, which becomes
     * a payment method of the intent's customer. Throws CardError as Stripe would.
     */
    async confirmSetupIntent(
      customerId: string,
      setupIntentId: string,
      clientSecret: string,
      input: CardInput,
    ) {
      const intent = await get(db, 'setup_intent', setupIntentId);
      if (!intent || intent.customer !== customerId || intent.clientSecret !== clientSecret) return null;
      if (intent.status === 'succeeded') return intent;
      const number = input.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
        throw new CardError('Your card number is incorrect.', 'incorrect_number');
      }
      const today = now();
      const expired =
        input.expYear < today.getUTCFullYear() ||
        (input.expYear === today.getUTCFullYear() && input.expMonth < today.getUTCMonth() + 1);
      if (input.expMonth < 1 || input.expMonth > 12 || input.expYear > today.getUTCFullYear() + 50) {
        throw new CardError("Your card's expiration month is invalid.", 'invalid_expiry_month');
      }
      if (expired) throw new CardError("Your card's expiration year is in the past.", 'invalid_expiry_year');
      const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
      if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
        throw new CardError("Your card's security code is invalid.", 'invalid_cvc');
      }
      const test = TEST_CARDS[number] ?? LIVE_CARD;
      if (test instanceof CardError) throw test;
      const pm = await put(
        db,
        'payment_method',
        {
          id: newId('payment_method'),
          customer: customerId,
          brand: cardBrand(number),
          last4: number.slice(-4),
          expMonth: input.expMonth,
          expYear: input.expYear,
          holderName: input.holderName,
          behaviour: test.behaviour,
        },
        customerId,
      );
      return put(db, 'setup_intent', { ...intent, status: 'succeeded', paymentMethod: pm.id }, customerId);
    },

    async createCustomer(input: { userId: string; email: string; name: string }) {
      const customer = await put(db, 'customer', {
        id: newId('customer'),
        email: input.email,
        name: input.name,
        userId: input.userId,
        defaultPaymentMethod: null,
      });
      return customer.id;
    },

    async createSetupIntent(customerId: string) {
      const intent = await put(
        db,
        'setup_intent',
        {
          id: newId('setup_intent'),
          customer: customerId,
          clientSecret: '',
          status: 'requires_payment_method',
          paymentMethod: null,
        },
        customerId,
      );
      intent.clientSecret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
      await put(db, 'setup_intent', intent, customerId);
      return { id: intent.id, clientSecret: intent.clientSecret };
    },

    async getPaymentMethod(customerId: string, paymentMethodId: string) {
      const pm = await get(db, 'payment_method', paymentMethodId);
      return pm && pm.customer === customerId ? toCard(pm) : null;
    },

    async updatePaymentMethod(
      paymentMethodId: string,
      change: { holderName?: string; expMonth?: number; expYear?: number },
    ) {
      const pm = await must(db, 'payment_method', paymentMethodId);
      const updated = {
        ...pm,
        holderName: change.holderName ?? pm.holderName,
        expMonth: change.expMonth ?? pm.expMonth,
        expYear: change.expYear ?? pm.expYear,
      };
      await put(db, 'payment_method', updated, pm.customer);
      return toCard(updated);
    },

    async detachPaymentMethod(paymentMethodId: string) {
      const pm = await must(db, 'payment_method', paymentMethodId);
      await put(db, 'payment_method', { ...pm, customer: null }, null);
    },

    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
      await db.transaction(async (tx) => {
        const customer = await must(tx, 'customer', customerId, true);
        await put(tx, 'customer', { ...customer, defaultPaymentMethod: paymentMethodId });
        // Stripe bills a subscription with the customer's default card when it has none of its own.
        for (const sub of await list(tx, 'subscription', customerId)) {
          if (sub.status !== 'canceled') {
            await put(tx, 'subscription', { ...sub, defaultPaymentMethod: paymentMethodId }, customerId);
          }
        }
      });
    },

    async findPromotionCode(code: string) {
      const wanted = code.trim().toUpperCase();
      const found = (await list(db, 'promotion_code')).find((p) => p.code === wanted);
      if (!found) return null;
      if (found.expiresAt && new Date(found.expiresAt) <= now()) return null;
      if (found.maxRedemptions !== null && found.timesRedeemed >= found.maxRedemptions) return null;
      return toPromotionCode(found);
    },

    async createPromotionCode(input: { customerId: string; percentOff: number; expiresAt: Date }) {
      const code = await put(db, 'promotion_code', {
        id: newId('promotion_code'),
        code: `OFERTA-${randomBytes(3).toString('hex').toUpperCase()}`,
        percentOff: input.percentOff,
        expiresAt: input.expiresAt.toISOString(),
        customer: input.customerId,
        maxRedemptions: 1,
        timesRedeemed: 0,
      });
      return toPromotionCode(code);
    },

    async createSubscription(input: {
      customerId: string;
      price: ProviderPrice;
      paymentMethodId: string;
      trialDays: number;
      promotionCodeId?: string;
      idempotencyKey: string;
    }) {
      return db.transaction(async (tx) => {
        // The customer row is the lock: one subscription is created at a time per customer.
        await must(tx, 'customer', input.customerId, true);
        const idempotencyId = `idem_${input.customerId}_${input.idempotencyKey}`;
        const earlier = await get(tx, 'idempotency', idempotencyId);
        if (earlier) return toSubscription(await must(tx, 'subscription', earlier.subscription));

        const card = await get(tx, 'payment_method', input.paymentMethodId);
        if (!card || card.customer !== input.customerId) {
          throw new CardError('No such PaymentMethod.', 'resource_missing');
        }
        let percentOff = 0;
        if (input.promotionCodeId) {
          const promo = await must(tx, 'promotion_code', input.promotionCodeId, true);
          if (promo.customer && promo.customer !== input.customerId) {
            throw new CardError(
              'This promotion code cannot be redeemed by this customer.',
              'promotion_code_invalid',
            );
          }
          percentOff = promo.percentOff;
          await put(
            tx,
            'promotion_code',
            { ...promo, timesRedeemed: promo.timesRedeemed + 1 },
            promo.customer,
          );
        }
        const start = now();
        const trialEnd = input.trialDays > 0 ? new Date(start.getTime() + input.trialDays * DAY_MS) : null;
        const sub: SubscriptionObject = {
          id: newId('subscription'),
          customer: input.customerId,
          price: input.price,
          status: trialEnd ? 'trialing' : 'active',
          trialEnd: trialEnd?.toISOString() ?? null,
          currentPeriodStart: start.toISOString(),
          currentPeriodEnd: (trialEnd ?? addInterval(start, input.price.interval)).toISOString(),
          cancelAtPeriodEnd: false,
          cancelAt: null,
          endedAt: null,
          // With a trial, the coupon comes off the first paid invoice, when the trial ends.
          nextDiscountPercent: trialEnd && percentOff ? percentOff : null,
          defaultPaymentMethod: card.id,
          openInvoice: null,
        };
        const subtotal = trialEnd ? 0 : input.price.amount;
        const discount = Math.round((subtotal * percentOff) / 100);
        charge(card, subtotal - discount);
        await writeInvoice(tx, sub, {
          subtotal,
          discount,
          periodStart: start,
          periodEnd: new Date(sub.currentPeriodEnd),
          paid: true,
        });
        await put(tx, 'subscription', sub, input.customerId);
        await put(tx, 'idempotency', { id: idempotencyId, subscription: sub.id }, input.customerId);
        return toSubscription(sub);
      });
    },

    async retrieveSubscription(subscriptionId: string) {
      return toSubscription(await must(db, 'subscription', subscriptionId));
    },

    extendTrial(subscriptionId: string, trialEnd: Date) {
      return updateSubscription(subscriptionId, (sub) => {
        sub.trialEnd = trialEnd.toISOString();
        sub.currentPeriodEnd = sub.trialEnd;
      });
    },

    discountNextInvoice(subscriptionId: string, percentOff: number) {
      return updateSubscription(subscriptionId, (sub) => {
        sub.nextDiscountPercent = percentOff;
      });
    },

    changePrice(subscriptionId: string, price: ProviderPrice) {
      return updateSubscription(subscriptionId, async (sub, tx) => {
        const sameInterval = sub.price.interval === price.interval;
        if (sameInterval || sub.status === 'trialing') {
          sub.price = price;
          return;
        }
        // A new period starts now; the unused part of the current one is credited.
        const at = now();
        const start = new Date(sub.currentPeriodStart).getTime();
        const end = new Date(sub.currentPeriodEnd).getTime();
        const unused = end > start ? Math.max(0, (end - at.getTime()) / (end - start)) : 0;
        const credit = Math.min(price.amount, Math.round(sub.price.amount * unused));
        charge(await get(tx, 'payment_method', sub.defaultPaymentMethod), price.amount - credit);
        sub.price = price;
        sub.currentPeriodStart = at.toISOString();
        sub.currentPeriodEnd = addInterval(at, price.interval).toISOString();
        await writeInvoice(tx, sub, {
          subtotal: price.amount,
          discount: credit,
          periodStart: at,
          periodEnd: new Date(sub.currentPeriodEnd),
          paid: true,
        });
      });
    },

    cancel(subscriptionId: string, when: 'period_end' | 'now') {
      return updateSubscription(subscriptionId, (sub) => {
        if (when === 'now') {
          sub.status = 'canceled';
          sub.endedAt = now().toISOString();
          sub.cancelAt = sub.endedAt;
        } else {
          sub.cancelAtPeriodEnd = true;
          sub.cancelAt = sub.currentPeriodEnd;
        }
      });
    },

    resume(subscriptionId: string) {
      return updateSubscription(subscriptionId, (sub) => {
        if (sub.status === 'canceled') throw new Error('sandbox: a canceled subscription cannot be resumed');
        sub.cancelAtPeriodEnd = false;
        sub.cancelAt = null;
      });
    },

    async listInvoices(subscriptionId: string) {
      const sub = await must(db, 'subscription', subscriptionId);
      return (await list(db, 'invoice', sub.customer))
        .filter((invoice) => invoice.subscriptionId === subscriptionId)
        .map(toInvoice)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },
  } satisfies PaymentProvider & Record<string, unknown>;

  return provider;
}
