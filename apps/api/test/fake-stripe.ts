import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Stripe for tests: a node:http server speaking Stripe's wire format (form-encoded bodies
 * in bracket notation, JSON objects and errors in Stripe's shapes, Idempotency-Key replays) for
 * exactly the calls the Stripe provider makes, so the official SDK runs unchanged against it.
 *
 * Cards are attached with `attachCard`, standing in for Stripe.js confirming a setup intent. Test
 * numbers behave as at Stripe: …0341 attaches but every charge is declined; …0002, …9995, …0069 and
 * …0127 are refused at confirmation. Renewals come from Stripe as webhooks: `renew` bills the next
 * period and returns the event a test signs and posts.
 */

const DAY_S = 24 * 60 * 60;
/** The API version the events say they were rendered with (the SDK's pinned one). */
const API_VERSION = '2026-10-28.endive';

type Metadata = Record<string, string>;
type Params = { [key: string]: Param };
type Param = string | Params | Param[];

interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}
interface SetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  status: 'requires_payment_method' | 'succeeded';
  usage: string;
  payment_method: string | null;
  payment_method_types: string[];
  created: number;
  livemode: false;
}
interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  billing_details: { name: string | null; email: null; phone: null; address: null };
  metadata: Metadata;
  created: number;
  livemode: false;
}
interface Product {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  metadata: Metadata;
  created: number;
  livemode: false;
}
interface Price {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: 'month' | 'year'; interval_count: 1; usage_type: 'licensed' };
  lookup_key: string | null;
  product: string;
  metadata: Metadata;
  type: 'recurring';
  created: number;
  livemode: false;
}
interface Coupon {
  id: string;
  object: 'coupon';
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  valid: boolean;
  times_redeemed: number;
  metadata: Metadata;
  created: number;
  livemode: false;
}
interface PromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  customer: string | null;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  promotion: { type: 'coupon'; coupon: string };
  restrictions: { first_time_transaction: false; minimum_amount: null; minimum_amount_currency: null };
  metadata: Metadata;
  created: number;
  livemode: false;
}
interface Discount {
  id: string;
  object: 'discount';
  source: { type: 'coupon'; coupon: string };
  promotion_code: string | null;
  customer: string;
  subscription: string;
  subscription_item: null;
  invoice: null;
  invoice_item: null;
  checkout_session: null;
  start: number;
  end: number | null;
}
interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  /** A price id here; answers carry the whole price, as Stripe's do. */
  price: string;
  quantity: 1;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
  created: number;
}
interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired';
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  default_payment_method: string | null;
  discounts: string[];
  metadata: Metadata;
  currency: string;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  billing_cycle_anchor: number;
  start_date: number;
  latest_invoice: string | null;
  collection_method: 'charge_automatically';
  created: number;
  livemode: false;
}
interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  subtotal: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: {
      proration: boolean;
      subscription: string;
      subscription_item: string;
      invoice_item: null;
      proration_details: null;
    };
    invoice_item_details: null;
  };
  quantity: 1;
  discounts: string[];
  discount_amounts: { amount: number; discount: string }[];
  metadata: Metadata;
  livemode: false;
}
interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  status: 'paid' | 'open' | 'canceled';
  amount_requested: number;
  amount_paid: number | null;
  payment: { type: 'payment_intent'; payment_intent: string };
  created: number;
}
interface Invoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  currency: string;
  subtotal: number;
  total: number;
  total_discount_amounts: { amount: number; discount: string }[];
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  discounts: string[];
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
    quote_details: null;
  };
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  /** Includable: only in answers that ask for it with `expand`. */
  payments: { object: 'list'; data: InvoicePayment[]; has_more: false; url: string };
  metadata: Metadata;
  created: number;
  livemode: false;
}
interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string;
  payment_method: string | null;
  status: 'succeeded' | 'requires_payment_method';
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
}

type Behaviour = 'ok' | 'fail_charge';
/** Stripe's test numbers: what confirming the setup intent, or a later charge, does. */
const CONFIRM_ERRORS: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const DECLINED = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

function brandOf(number: string) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** A Stripe error answer: thrown inside a handler, sent as `{ error }` with its status. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}
const missing = (what: string, id: string, param?: string, status = 404) =>
  new StripeFailure(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param && { param }),
  });
const invalid = (message: string, param?: string) =>
  new StripeFailure(400, { type: 'invalid_request_error', message, ...(param && { param }) });
const cardFailure = (error: { code: string; decline_code?: string; message: string }, charge?: string) =>
  new StripeFailure(402, { type: 'card_error', ...error, ...(charge && { charge }), param: '' });

/** Parses form encoding with Stripe's bracket notation: `items[0][price]=x`, `expand[]=y`. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split('[').map((part, i) => (i === 0 ? part : part.replace(/]$/, '')));
    let node = root;
    keys.forEach((key, i) => {
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (i === keys.length - 1) node[slot] = value;
      else node = (node[slot] ??= {}) as Params;
    });
  }
  return arrayify(root) as Params;
}

/** Objects whose keys are 0…n are the arrays the notation spelled. */
function arrayify(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = Object.fromEntries(keys.map((k) => [k, arrayify(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => entries[k]!);
  }
  return entries;
}

const str = (value: Param | undefined) => (typeof value === 'string' ? value : undefined);
const int = (value: Param | undefined) =>
  typeof value === 'string' && value !== '' ? Number(value) : undefined;
const list = (value: Param | undefined): Param[] => (Array.isArray(value) ? value : []);
const obj = (value: Param | undefined): Params =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
const metadataOf = (value: Param | undefined): Metadata =>
  Object.fromEntries(
    Object.entries(obj(value)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

function addInterval(seconds: number, interval: 'month' | 'year') {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: { clock?: { now(): Date } } = {}) {
  const nowS = () => Math.floor((options.clock?.now() ?? new Date()).getTime() / 1000);
  const newId = (prefix: string) => `${prefix}_fake${randomBytes(10).toString('hex')}`;

  const state = {
    customers: new Map<string, Customer>(),
    setupIntents: new Map<string, SetupIntent>(),
    paymentMethods: new Map<string, PaymentMethod>(),
    products: new Map<string, Product>(),
    prices: new Map<string, Price>(),
    coupons: new Map<string, Coupon>(),
    promotionCodes: new Map<string, PromotionCode>(),
    discounts: new Map<string, Discount>(),
    subscriptions: new Map<string, Subscription>(),
    invoices: new Map<string, Invoice>(),
    paymentIntents: new Map<string, PaymentIntent>(),
  };
  /** How each card behaves on a charge (Stripe keeps the number; we keep only this). */
  const behaviours = new Map<string, Behaviour>();
  const requests: { method: string; path: string; body: Params; idempotencyKey: string | null }[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  /** Creation order, so lists order objects created within the same second. */
  const order = new Map<string, number>();

  function find(id: string): object | undefined {
    for (const map of Object.values(state)) {
      const found = (map as Map<string, object>).get(id);
      if (found) return found;
    }
    return undefined;
  }
  function put<T extends { id: string }>(map: Map<string, T>, object: T) {
    if (!order.has(object.id)) order.set(object.id, order.size);
    map.set(object.id, object);
    return object;
  }
  function must<T>(
    map: Map<string, T>,
    what: string,
    id: string | undefined,
    param?: string,
    status = 404,
  ): T {
    const found = id ? map.get(id) : undefined;
    if (found) return found;
    // A missing object in the path is a 404; one named by a parameter, a 400.
    throw missing(what, id ?? '', param, status);
  }

  // ---- charges ----

  /** Charges a card; a refused charge leaves a failed payment intent and throws Stripe's 402. */
  function charge(customer: string, paymentMethod: string | null, amount: number, currency: string) {
    const declined = !paymentMethod || behaviours.get(paymentMethod) === 'fail_charge';
    const intent = put(state.paymentIntents, {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency,
      customer,
      payment_method: paymentMethod,
      status: declined ? 'requires_payment_method' : 'succeeded',
      last_payment_error: declined ? { type: 'card_error', ...DECLINED } : null,
      created: nowS(),
      livemode: false,
    });
    return { intent, declined };
  }

  // ---- discounts ----

  function couponOfPromotion(code: PromotionCode, customer: string) {
    if (!code.active) throw invalid(`This promotion code is not active.`, 'discounts');
    if (code.expires_at !== null && code.expires_at <= nowS()) {
      throw invalid('This promotion code has expired.', 'discounts');
    }
    if (code.customer && code.customer !== customer) {
      throw invalid('This promotion code cannot be redeemed by this customer.', 'discounts');
    }
    if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions) {
      throw invalid('This promotion code has been fully redeemed.', 'discounts');
    }
    return code.promotion.coupon;
  }

  /** The discounts a `discounts` parameter asks for; nothing is stored until `commit`. */
  function discountsFrom(
    param: Param | undefined,
    sub: { id: string; customer: string; discounts: string[] },
  ) {
    if (param === '')
      return { ids: [] as string[], created: [] as Discount[], redeemed: [] as PromotionCode[] };
    const ids: string[] = [];
    const created: Discount[] = [];
    const redeemed: PromotionCode[] = [];
    for (const entry of list(param).map(obj)) {
      const existing = str(entry.discount);
      if (existing) {
        if (!sub.discounts.includes(existing)) throw invalid(`No such discount: '${existing}'`, 'discounts');
        ids.push(existing);
        continue;
      }
      const promotionId = str(entry.promotion_code);
      const promotion = promotionId
        ? must(state.promotionCodes, 'promotion code', promotionId, 'discounts', 400)
        : null;
      const couponId = promotion ? couponOfPromotion(promotion, sub.customer) : str(entry.coupon);
      const coupon = must(state.coupons, 'coupon', couponId, 'discounts', 400);
      if (!coupon.valid) throw invalid(`Coupon expired: ${coupon.id}`, 'discounts');
      const discount: Discount = {
        id: newId('di'),
        object: 'discount',
        source: { type: 'coupon', coupon: coupon.id },
        promotion_code: promotion?.id ?? null,
        customer: sub.customer,
        subscription: sub.id,
        subscription_item: null,
        invoice: null,
        invoice_item: null,
        checkout_session: null,
        start: nowS(),
        end: null,
      };
      ids.push(discount.id);
      created.push(discount);
      if (promotion) redeemed.push(promotion);
    }
    return { ids, created, redeemed };
  }

  function commitDiscounts(result: ReturnType<typeof discountsFrom>) {
    for (const discount of result.created) {
      put(state.discounts, discount);
      state.coupons.get(discount.source.coupon)!.times_redeemed += 1;
    }
    for (const promotion of result.redeemed) promotion.times_redeemed += 1;
  }

  /** What the discounts take off `amount`, one after another, as Stripe applies them. */
  function discountAmounts(discountIds: string[], amount: number) {
    const amounts: { amount: number; discount: string }[] = [];
    let remaining = amount;
    for (const id of discountIds) {
      const coupon = state.coupons.get(state.discounts.get(id)?.source.coupon ?? '');
      if (!coupon) continue;
      const off = coupon.percent_off !== null ? Math.round((remaining * coupon.percent_off) / 100) : 0;
      const taken = Math.min(remaining, coupon.amount_off ?? off);
      remaining -= taken;
      amounts.push({ amount: taken, discount: id });
    }
    return amounts;
  }

  // ---- invoices ----

  interface LineInput {
    price: Price;
    item: SubscriptionItem;
    amount: number;
    start: number;
    end: number;
    proration: boolean;
  }

  /**
   * Bills lines for a subscription: discounts come off the positive lines and the card is charged.
   * Returns the invoice unsaved, so a refused charge can undo everything.
   */
  function bill(sub: Subscription, lines: LineInput[], reason: Invoice['billing_reason']) {
    const id = newId('in');
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const discounts = discountAmounts(sub.discounts, Math.max(0, subtotal));
    const discountTotal = discounts.reduce((sum, d) => sum + d.amount, 0);
    const total = Math.max(0, subtotal - discountTotal);
    // Without its own card, a subscription charges the customer's default one.
    const card =
      sub.default_payment_method ??
      state.customers.get(sub.customer)?.invoice_settings.default_payment_method ??
      null;
    const payment = total > 0 ? charge(sub.customer, card, total, sub.currency) : null;
    const paid = !payment?.declined;
    const first = lines.find((l) => !l.proration) ?? lines[0]!;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      currency: sub.currency,
      subtotal,
      total,
      total_discount_amounts: discounts,
      amount_due: total,
      amount_paid: paid ? total : 0,
      amount_remaining: paid ? 0 : total,
      attempt_count: payment ? 1 : 0,
      attempted: Boolean(payment),
      next_payment_attempt: paid ? null : nowS() + DAY_S,
      period_start: first.start,
      period_end: first.start,
      discounts: discounts.map((d) => d.discount),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        quote_details: null,
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: lines.map((l) => ({
          id: newId('il'),
          object: 'line_item',
          amount: l.amount,
          subtotal: l.amount,
          currency: sub.currency,
          description: l.proration ? `Unused time on ${l.price.id}` : `1 × ${l.price.id}`,
          period: { start: l.start, end: l.end },
          pricing: {
            type: 'price_details',
            price_details: { price: l.price.id, product: l.price.product },
            unit_amount_decimal: String(l.price.unit_amount),
          },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              proration: l.proration,
              subscription: sub.id,
              subscription_item: l.item.id,
              invoice_item: null,
              proration_details: null,
            },
            invoice_item_details: null,
          },
          quantity: 1,
          discounts: [],
          discount_amounts: [],
          metadata: {},
          livemode: false,
        })),
      },
      payments: {
        object: 'list',
        has_more: false,
        url: `/v1/invoice_payments?invoice=${id}`,
        data: payment
          ? [
              {
                id: newId('inpay'),
                object: 'invoice_payment',
                invoice: id,
                status: paid ? 'paid' : 'open',
                amount_requested: total,
                amount_paid: paid ? total : null,
                payment: { type: 'payment_intent', payment_intent: payment.intent.id },
                created: nowS(),
              },
            ]
          : [],
      },
      metadata: {},
      created: nowS(),
      livemode: false,
    };
    return { invoice, paid, payment, consumesDiscounts: subtotal > 0 };
  }

  /** Stores a billed invoice; `once` discounts are used up by the first invoice with an amount. */
  function record(sub: Subscription, billed: ReturnType<typeof bill>) {
    put(state.invoices, billed.invoice);
    sub.latest_invoice = billed.invoice.id;
    if (billed.paid && billed.consumesDiscounts) {
      sub.discounts = sub.discounts.filter((id) => {
        const coupon = state.coupons.get(state.discounts.get(id)?.source.coupon ?? '');
        return coupon?.duration !== 'once';
      });
    }
  }

  // ---- rendering ----

  /** An object as Stripe answers it: prices inside items, `payments` only when asked for, expansions. */
  function render(object: object, expand: string[]): unknown {
    const copy = structuredClone(object) as Record<string, unknown>;
    if (copy.object === 'subscription') {
      for (const item of (copy as unknown as Subscription).items.data) {
        (item as unknown as { price: Price }).price = structuredClone(state.prices.get(item.price)!);
      }
    }
    if (
      copy.object === 'invoice' &&
      !expand.some((path) => path === 'payments' || path.startsWith('payments.'))
    ) {
      delete copy.payments;
    }
    for (const path of expand) expandPath(copy, path.split('.'));
    return copy;
  }

  /** Replaces ids along a dotted path with the objects they name, as `expand[]` does. */
  function expandPath(node: unknown, path: string[]): unknown {
    if (typeof node === 'string') {
      const found = find(node);
      if (!found) return node;
      node = render(found, []);
    }
    if (Array.isArray(node)) return node.map((each) => expandPath(each, path));
    const [head, ...rest] = path;
    if (head && node && typeof node === 'object' && head in node) {
      const record = node as Record<string, unknown>;
      record[head] = expandPath(record[head], rest);
    }
    return node;
  }

  const listOf = (url: string, data: object[], expand: string[]) => ({
    object: 'list',
    url,
    has_more: false,
    data: data.map((each) =>
      render(
        each,
        expand.map((p) => p.replace(/^data\./, '')).filter((p) => p !== 'data'),
      ),
    ),
  });
  const newestFirst = <T extends { id: string; created: number }>(items: T[]) =>
    items.sort((a, b) => b.created - a.created || (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0));

  // ---- subscriptions ----

  function createSubscription(p: Params) {
    const customer = must(state.customers, 'customer', str(p.customer), 'customer', 400);
    const [itemParam] = list(p.items).map(obj);
    const price = must(state.prices, 'price', str(itemParam?.price), 'items[0][price]', 400);
    const paymentMethod = str(p.default_payment_method) ?? customer.invoice_settings.default_payment_method;
    if (paymentMethod && state.paymentMethods.get(paymentMethod)?.customer !== customer.id) {
      throw invalid(
        `The customer does not have a payment method with the ID ${paymentMethod}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
    }
    const now = nowS();
    const trialDays = int(p.trial_period_days) ?? 0;
    const trialEnd = int(p.trial_end) ?? (trialDays > 0 ? now + trialDays * DAY_S : null);
    const periodEnd = trialEnd ?? addInterval(now, price.recurring.interval);
    const id = newId('sub');
    const item: SubscriptionItem = {
      id: newId('si'),
      object: 'subscription_item',
      price: price.id,
      quantity: 1,
      subscription: id,
      current_period_start: now,
      current_period_end: periodEnd,
      metadata: {},
      created: now,
    };
    const sub: Subscription = {
      id,
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      items: {
        object: 'list',
        data: [item],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      default_payment_method: str(p.default_payment_method) ?? null,
      discounts: [],
      metadata: metadataOf(p.metadata),
      currency: price.currency,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      billing_cycle_anchor: periodEnd,
      start_date: now,
      latest_invoice: null,
      collection_method: 'charge_automatically',
      created: now,
      livemode: false,
    };
    const discounts = discountsFrom(p.discounts, sub);
    sub.discounts = discounts.ids;
    // Discounts are looked at by bill(), so they exist before the charge; undone if it fails.
    for (const d of discounts.created) state.discounts.set(d.id, d);
    const billed = bill(
      sub,
      [
        {
          price,
          item,
          amount: trialEnd ? 0 : price.unit_amount,
          start: now,
          end: periodEnd,
          proration: false,
        },
      ],
      'subscription_create',
    );
    if (!billed.paid) {
      const behaviour = str(p.payment_behavior) ?? 'allow_incomplete';
      if (behaviour === 'error_if_incomplete') {
        for (const d of discounts.created) state.discounts.delete(d.id);
        throw cardFailure(DECLINED, billed.payment?.intent.id);
      }
      sub.status = 'incomplete';
    }
    commitDiscounts(discounts);
    put(state.subscriptions, sub);
    record(sub, billed);
    return sub;
  }

  function updateSubscription(current: Subscription, p: Params) {
    if (current.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    // Changes are made on a copy and kept only when the whole update succeeds.
    const sub = structuredClone(current);
    const now = nowS();
    const item = sub.items.data[0]!;
    if (p.metadata !== undefined) {
      for (const [key, value] of Object.entries(metadataOf(p.metadata))) {
        if (value === '') delete sub.metadata[key];
        else sub.metadata[key] = value;
      }
    }
    const paymentMethod = str(p.default_payment_method);
    if (paymentMethod !== undefined) {
      if (state.paymentMethods.get(paymentMethod)?.customer !== sub.customer) {
        throw invalid(`No such PaymentMethod: '${paymentMethod}'`, 'default_payment_method');
      }
      sub.default_payment_method = paymentMethod;
    }
    const trialEnd = int(p.trial_end);
    if (trialEnd !== undefined) {
      if (trialEnd <= now) throw invalid('Invalid timestamp: must be in the future.', 'trial_end');
      sub.status = 'trialing';
      sub.trial_end = trialEnd;
      sub.trial_start ??= now;
      item.current_period_end = trialEnd;
      sub.billing_cycle_anchor = trialEnd;
    }
    const discounts = p.discounts !== undefined ? discountsFrom(p.discounts, sub) : null;
    if (discounts) {
      sub.discounts = discounts.ids;
      for (const d of discounts.created) state.discounts.set(d.id, d);
    }
    let billed: ReturnType<typeof bill> | null = null;
    const [itemParam] = list(p.items).map(obj);
    if (itemParam) {
      if (str(itemParam.id) !== item.id)
        throw invalid(`No such subscription item: '${str(itemParam.id)}'`, 'items');
      const oldPrice = state.prices.get(item.price)!;
      const newPrice = must(state.prices, 'price', str(itemParam.price), 'items[0][price]', 400);
      const anchor = p.billing_cycle_anchor;
      const anchorNow = anchor === 'now' || str(obj(anchor).type) === 'now';
      const trialing = sub.status === 'trialing';
      item.price = newPrice.id;
      // Stripe starts a new period when the interval changes (outside a trial) or when asked to.
      if (!trialing && (anchorNow || oldPrice.recurring.interval !== newPrice.recurring.interval)) {
        const end = addInterval(now, newPrice.recurring.interval);
        const lines: LineInput[] = [];
        const behaviour = str(p.proration_behavior) ?? 'create_prorations';
        if (behaviour !== 'none') {
          const span = item.current_period_end - item.current_period_start;
          const unused = Math.max(0, item.current_period_end - now);
          const credit = span > 0 ? Math.round((oldPrice.unit_amount * unused) / span) : 0;
          if (credit > 0) {
            lines.push({
              price: oldPrice,
              item,
              amount: -credit,
              start: now,
              end: item.current_period_end,
              proration: true,
            });
          }
        }
        lines.push({
          price: newPrice,
          item,
          amount: newPrice.unit_amount,
          start: now,
          end,
          proration: false,
        });
        billed = bill(sub, lines, 'subscription_update');
        if (!billed.paid && str(p.payment_behavior) === 'error_if_incomplete') {
          for (const d of discounts?.created ?? []) state.discounts.delete(d.id);
          throw cardFailure(DECLINED, billed.payment?.intent.id);
        }
        item.current_period_start = now;
        item.current_period_end = end;
        sub.billing_cycle_anchor = now;
        if (!billed.paid) sub.status = 'past_due';
      }
    }
    const cancelAtPeriodEnd = str(p.cancel_at_period_end);
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? item.current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? now : null;
    }
    if (discounts) commitDiscounts(discounts);
    state.subscriptions.set(sub.id, sub);
    if (billed) record(sub, billed);
    return sub;
  }

  /** Bills a subscription's next period, as Stripe does at renewal; returns the webhook event. */
  function renew(subscriptionId: string) {
    const sub = must(state.subscriptions, 'subscription', subscriptionId);
    const item = sub.items.data[0]!;
    const price = state.prices.get(item.price)!;
    const start = item.current_period_end;
    const end = addInterval(start, price.recurring.interval);
    const billed = bill(
      sub,
      [{ price, item, amount: price.unit_amount, start, end, proration: false }],
      'subscription_cycle',
    );
    record(sub, billed);
    item.current_period_start = start;
    item.current_period_end = end;
    sub.billing_cycle_anchor = start;
    sub.status = billed.paid ? 'active' : 'past_due';
    return {
      invoice: billed.invoice,
      event: event(billed.paid ? 'invoice.paid' : 'invoice.payment_failed', render(billed.invoice, [])),
    };
  }

  /** A Stripe event envelope around an object, for a test to sign and post as a webhook. */
  function event(type: string, object: unknown) {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowS(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  // ---- routes ----

  type Handler = (params: Params, id: string) => object;
  const routes: Record<string, Handler> = {
    'POST /v1/customers': (p) =>
      put(state.customers, {
        id: newId('cus'),
        object: 'customer',
        email: str(p.email) ?? null,
        name: str(p.name) ?? null,
        metadata: metadataOf(p.metadata),
        invoice_settings: { default_payment_method: null },
        created: nowS(),
        livemode: false,
      }),
    'GET /v1/customers/:id': (_p, id) => must(state.customers, 'customer', id),
    'POST /v1/customers/:id': (p, id) => {
      const customer = must(state.customers, 'customer', id);
      const pm = str(obj(p.invoice_settings).default_payment_method);
      if (pm !== undefined) {
        if (pm !== '' && state.paymentMethods.get(pm)?.customer !== id) {
          throw invalid(
            `No such PaymentMethod: '${pm}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
            'invoice_settings[default_payment_method]',
          );
        }
        customer.invoice_settings.default_payment_method = pm || null;
      }
      if (str(p.email) !== undefined) customer.email = str(p.email)!;
      if (str(p.name) !== undefined) customer.name = str(p.name)!;
      Object.assign(customer.metadata, metadataOf(p.metadata));
      return customer;
    },

    'POST /v1/setup_intents': (p) => {
      const customer = str(p.customer);
      if (customer) must(state.customers, 'customer', customer, 'customer', 400);
      const id = newId('seti');
      return put(state.setupIntents, {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        customer: customer ?? null,
        status: 'requires_payment_method',
        usage: str(p.usage) ?? 'off_session',
        payment_method: null,
        payment_method_types: list(p.allowed_payment_method_types ?? p.payment_method_types).map(String),
        created: nowS(),
        livemode: false,
      });
    },

    'GET /v1/payment_methods/:id': (_p, id) => must(state.paymentMethods, 'payment_method', id),
    'POST /v1/payment_methods/:id': (p, id) => {
      const pm = must(state.paymentMethods, 'payment_method', id);
      const name = str(obj(p.billing_details).name);
      if (name !== undefined) pm.billing_details.name = name || null;
      const card = obj(p.card);
      const month = int(card.exp_month);
      const year = int(card.exp_year);
      if (month !== undefined && (month < 1 || month > 12)) {
        throw cardFailure({
          code: 'invalid_expiry_month',
          message: "Your card's expiration month is invalid.",
        });
      }
      if (year !== undefined && year < new Date(nowS() * 1000).getUTCFullYear()) {
        throw cardFailure({
          code: 'invalid_expiry_year',
          message: "Your card's expiration year is invalid.",
        });
      }
      if (month !== undefined) pm.card.exp_month = month;
      if (year !== undefined) pm.card.exp_year = year;
      return pm;
    },
    'POST /v1/payment_methods/:id/detach': (_p, id) => {
      const pm = must(state.paymentMethods, 'payment_method', id);
      if (!pm.customer) {
        throw invalid(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      }
      const customer = state.customers.get(pm.customer);
      if (customer?.invoice_settings.default_payment_method === id) {
        customer.invoice_settings.default_payment_method = null;
      }
      pm.customer = null;
      return pm;
    },
    'GET /v1/payment_intents/:id': (_p, id) => must(state.paymentIntents, 'payment_intent', id),

    'POST /v1/products': (p) =>
      put(state.products, {
        id: newId('prod'),
        object: 'product',
        name: str(p.name) ?? '',
        active: true,
        metadata: metadataOf(p.metadata),
        created: nowS(),
        livemode: false,
      }),
    'GET /v1/prices': (p) => {
      const keys = list(p.lookup_keys).map(String);
      const active = str(p.active);
      const found = [...state.prices.values()].filter(
        (price) =>
          (keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
          (active === undefined || String(price.active) === active),
      );
      return listOf(
        '/v1/prices',
        newestFirst(found).slice(0, int(p.limit) ?? 10),
        list(p.expand).map(String),
      );
    },
    'GET /v1/prices/:id': (_p, id) => must(state.prices, 'price', id),
    'POST /v1/prices': (p) => {
      const product = must(state.products, 'product', str(p.product), 'product', 400);
      const interval = str(obj(p.recurring).interval);
      if (interval !== 'month' && interval !== 'year')
        throw invalid('Invalid recurring[interval]', 'recurring[interval]');
      const lookupKey = str(p.lookup_key) ?? null;
      const holder = [...state.prices.values()].find(
        (price) => lookupKey !== null && price.lookup_key === lookupKey,
      );
      if (holder) {
        if (str(p.transfer_lookup_key) !== 'true') {
          throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
        }
        holder.lookup_key = null;
      }
      return put(state.prices, {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: str(p.currency) ?? 'usd',
        unit_amount: int(p.unit_amount) ?? 0,
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
        lookup_key: lookupKey,
        product: product.id,
        metadata: metadataOf(p.metadata),
        type: 'recurring',
        created: nowS(),
        livemode: false,
      });
    },

    'POST /v1/coupons': (p) => {
      const percentOff = int(p.percent_off);
      const amountOff = int(p.amount_off);
      if (percentOff === undefined && amountOff === undefined) {
        throw invalid('You must pass either percent_off or amount_off.');
      }
      const duration = str(p.duration) ?? 'once';
      if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever') {
        throw invalid('Invalid duration', 'duration');
      }
      return put(state.coupons, {
        id: str(p.id) ?? randomBytes(4).toString('hex').toUpperCase(),
        object: 'coupon',
        percent_off: percentOff ?? null,
        amount_off: amountOff ?? null,
        currency: str(p.currency) ?? null,
        duration,
        duration_in_months: int(p.duration_in_months) ?? null,
        valid: true,
        times_redeemed: 0,
        metadata: metadataOf(p.metadata),
        created: nowS(),
        livemode: false,
      });
    },
    'GET /v1/coupons/:id': (_p, id) => must(state.coupons, 'coupon', id),

    'GET /v1/promotion_codes': (p) => {
      const code = str(p.code)?.toLowerCase();
      const active = str(p.active);
      const customer = str(p.customer);
      const found = [...state.promotionCodes.values()].filter(
        (promo) =>
          (code === undefined || promo.code.toLowerCase() === code) &&
          (active === undefined || String(promo.active) === active) &&
          (customer === undefined || promo.customer === customer),
      );
      return listOf(
        '/v1/promotion_codes',
        newestFirst(found).slice(0, int(p.limit) ?? 10),
        list(p.expand).map(String),
      );
    },
    'GET /v1/promotion_codes/:id': (_p, id) => must(state.promotionCodes, 'promotion_code', id),
    'POST /v1/promotion_codes': (p) => {
      // `coupon` at the top before API 2025-09-30.
      const couponId = str(obj(p.promotion).coupon) ?? str(p.coupon);
      const coupon = must(state.coupons, 'coupon', couponId, 'promotion[coupon]', 400);
      const customer = str(p.customer);
      if (customer) must(state.customers, 'customer', customer, 'customer', 400);
      const code = str(p.code) ?? randomBytes(4).toString('hex').toUpperCase();
      const taken = [...state.promotionCodes.values()].some(
        (promo) => promo.active && promo.code.toLowerCase() === code.toLowerCase(),
      );
      if (taken) throw invalid('An active promotion code with `code` already exists.', 'code');
      return put(state.promotionCodes, {
        id: newId('promo'),
        object: 'promotion_code',
        active: str(p.active) !== 'false',
        code,
        customer: customer ?? null,
        expires_at: int(p.expires_at) ?? null,
        max_redemptions: int(p.max_redemptions) ?? null,
        times_redeemed: 0,
        promotion: { type: 'coupon', coupon: coupon.id },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        metadata: metadataOf(p.metadata),
        created: nowS(),
        livemode: false,
      });
    },

    'POST /v1/subscriptions': (p) => createSubscription(p),
    'GET /v1/subscriptions/:id': (_p, id) => must(state.subscriptions, 'subscription', id),
    'POST /v1/subscriptions/:id': (p, id) =>
      updateSubscription(must(state.subscriptions, 'subscription', id), p),
    'DELETE /v1/subscriptions/:id': (_p, id) => {
      const sub = must(state.subscriptions, 'subscription', id);
      if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`);
      sub.status = 'canceled';
      sub.canceled_at = nowS();
      sub.ended_at = nowS();
      return sub;
    },

    'GET /v1/invoices': (p) => {
      const subscription = str(p.subscription);
      const customer = str(p.customer);
      const found = [...state.invoices.values()].filter(
        (invoice) =>
          (subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
          (customer === undefined || invoice.customer === customer),
      );
      return listOf(
        '/v1/invoices',
        newestFirst(found).slice(0, int(p.limit) ?? 10),
        list(p.expand).map(String),
      );
    },
    'GET /v1/invoices/:id': (_p, id) => must(state.invoices, 'invoice', id),
  };

  function route(method: string, path: string): { handler: Handler; id: string } | null {
    const exact = routes[`${method} ${path}`];
    if (exact) return { handler: exact, id: '' };
    const match = /^(\/v1\/[a-z_]+\/)([^/]+)(\/[a-z_]+)?$/.exec(path);
    if (!match) return null;
    const handler = routes[`${method} ${match[1]}:id${match[3] ?? ''}`];
    return handler ? { handler, id: decodeURIComponent(match[2]!) } : null;
  }

  function answer(method: string, path: string, params: Params): { status: number; body: unknown } {
    const found = route(method, path);
    if (!found) {
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
        },
      };
    }
    try {
      const result = found.handler(params, found.id);
      const expand = list(params.expand).map(String);
      const body = (result as { object?: string }).object === 'list' ? result : render(result, expand);
      return { status: 200, body };
    } catch (err) {
      if (err instanceof StripeFailure) return { status: err.status, body: { error: err.error } };
      throw err;
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(raw) };
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    requests.push({ method, path: url.pathname, body: params, idempotencyKey });
    const send = (status: number, body: string, replayed = false) =>
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(8).toString('hex')}`,
          ...(idempotencyKey && { 'idempotency-key': idempotencyKey }),
          ...(replayed && { 'idempotent-replayed': 'true' }),
        })
        .end(body);

    if (!/^Bearer (sk|rk)_/.test(req.headers.authorization ?? '')) {
      return send(
        401,
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
      );
    }
    // Stripe keeps the first answer to a key and replays it; other parameters with it are an error.
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen && seen.request !== fingerprint) {
        return send(
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          }),
        );
      }
      if (seen) return send(seen.status, seen.body, true);
    }
    const { status, body } = answer(method, url.pathname, params);
    const text = JSON.stringify(body);
    if (method === 'POST' && idempotencyKey && status < 500) {
      idempotent.set(idempotencyKey, { request: fingerprint, status, body: text });
    }
    send(status, text);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    requests,

    /**
     * A card attached to the customer, as when Stripe.js confirms a setup intent with it; numbers
     * Stripe refuses at confirmation throw with Stripe's message.
     */
    attachCard(
      customerId: string,
      card: { number: string; name?: string; expMonth?: number; expYear?: number } = {
        number: '4242424242424242',
      },
    ): string {
      must(state.customers, 'customer', customerId);
      const refused = CONFIRM_ERRORS[card.number];
      if (refused) throw new Error(refused.message);
      const pm = put(state.paymentMethods, {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: customerId,
        card: {
          brand: brandOf(card.number),
          last4: card.number.slice(-4),
          exp_month: card.expMonth ?? 12,
          exp_year: card.expYear ?? new Date(nowS() * 1000).getUTCFullYear() + 3,
          funding: 'credit',
          country: 'US',
        },
        billing_details: { name: card.name ?? null, email: null, phone: null, address: null },
        metadata: {},
        created: nowS(),
        livemode: false,
      });
      behaviours.set(pm.id, card.number.endsWith('0341') ? 'fail_charge' : 'ok');
      return pm.id;
    },

    /** A promotion code as one made in the Stripe dashboard (a coupon of `duration`, default once). */
    seedPromotionCode(input: {
      code: string;
      percentOff: number;
      expiresAt?: Date;
      active?: boolean;
      customer?: string;
      maxRedemptions?: number;
      duration?: Coupon['duration'];
    }): PromotionCode {
      const coupon = put(state.coupons, {
        id: newId('coupon'),
        object: 'coupon',
        percent_off: input.percentOff,
        amount_off: null,
        currency: null,
        duration: input.duration ?? 'once',
        duration_in_months: null,
        valid: true,
        times_redeemed: 0,
        metadata: {},
        created: nowS(),
        livemode: false,
      });
      return put(state.promotionCodes, {
        id: newId('promo'),
        object: 'promotion_code',
        active: input.active ?? true,
        code: input.code,
        customer: input.customer ?? null,
        expires_at: input.expiresAt ? Math.floor(input.expiresAt.getTime() / 1000) : null,
        max_redemptions: input.maxRedemptions ?? null,
        times_redeemed: 0,
        promotion: { type: 'coupon', coupon: coupon.id },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        metadata: {},
        created: nowS(),
        livemode: false,
      });
    },

    renew,
    event,
    /** Stripe's rendering of a stored object (a subscription with its prices, say), for events. */
    render: (object: object) => render(object, []),

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
