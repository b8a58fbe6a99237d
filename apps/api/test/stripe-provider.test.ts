import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { CardError, type ProviderPrice } from '../src/modules/billing/providers/provider.ts';
import {
  createStripeProvider,
  isWebhookSignatureError,
  type StripeProvider,
} from '../src/modules/billing/providers/stripe.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

// The official SDK, through our provider, against the local fake Stripe.

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_test_secret';

const MONTHLY: ProviderPrice = {
  id: '0b6f3f0e-0000-4000-8000-000000000001',
  lookupKey: 'pro_monthly_usd',
  productName: 'Lendo Pro',
  amount: 999,
  currency: 'USD',
  interval: 'monthly',
};
const MONTHLY_MAX: ProviderPrice = {
  ...MONTHLY,
  id: '0b6f3f0e-0000-4000-8000-000000000002',
  lookupKey: 'max_monthly_usd',
  productName: 'Lendo Max',
  amount: 1999,
};
const YEARLY: ProviderPrice = {
  ...MONTHLY,
  id: '0b6f3f0e-0000-4000-8000-000000000003',
  lookupKey: 'pro_yearly_usd',
  amount: 7999,
  interval: 'yearly',
};

let fake: FakeStripe;
let provider: StripeProvider;
const clock = manualClock(new Date());

const newProvider = () =>
  createStripeProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.url,
    clock,
  });

beforeAll(async () => {
  fake = await startFakeStripe({ clock });
  provider = newProvider();
});
afterAll(() => fake.close());

let userCount = 0;
async function customerWithCard(number = '4242424242424242') {
  userCount += 1;
  const customerId = await provider.createCustomer({
    userId: `user-${userCount}`,
    email: `learner${userCount}@example.com`,
    name: 'Ana Souza',
  });
  const paymentMethodId = fake.attachCard(customerId, { number, name: 'Ana Souza' });
  return { customerId, paymentMethodId };
}

async function subscribe(input: {
  price?: ProviderPrice;
  trialDays?: number;
  card?: string;
  promotionCodeId?: string;
}) {
  const { customerId, paymentMethodId } = await customerWithCard(input.card);
  const sub = await provider.createSubscription({
    customerId,
    paymentMethodId,
    price: input.price ?? MONTHLY,
    trialDays: input.trialDays ?? 0,
    promotionCodeId: input.promotionCodeId,
    idempotencyKey: `checkout-${customerId}`,
  });
  return { customerId, paymentMethodId, sub };
}

const succeededCharges = (customerId: string) =>
  [...fake.state.paymentIntents.values()].filter(
    (pi) => pi.customer === customerId && pi.status === 'succeeded',
  );

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  return null;
}

const sign = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

describe('stripe provider: customers and cards', () => {
  it('creates a customer and an off-session card setup intent', async () => {
    const customerId = await provider.createCustomer({ userId: 'u-1', email: 'a@example.com', name: 'Ana' });
    expect(customerId).toMatch(/^cus_/);
    expect(fake.state.customers.get(customerId)).toMatchObject({
      email: 'a@example.com',
      name: 'Ana',
      metadata: { user_id: 'u-1' },
    });

    const intent = await provider.createSetupIntent(customerId);
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.clientSecret).toContain(`${intent.id}_secret_`);
    expect(fake.state.setupIntents.get(intent.id)).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      payment_method_types: ['card'],
    });
    expect(provider.kind).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_test_fake');
  });

  it('reads, updates, defaults and detaches a customer card, and hides other customers cards', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const other = await customerWithCard('5555555555554444');

    expect(await provider.getPaymentMethod(customerId, paymentMethodId)).toEqual({
      id: paymentMethodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: expect.any(Number),
      holderName: 'Ana Souza',
    });
    expect(await provider.getPaymentMethod(customerId, other.paymentMethodId)).toBeNull();
    expect(await provider.getPaymentMethod(customerId, 'pm_missing')).toBeNull();

    const updated = await provider.updatePaymentMethod(paymentMethodId, {
      holderName: 'Ana S',
      expMonth: 3,
      expYear: 2031,
    });
    expect(updated).toMatchObject({ holderName: 'Ana S', expMonth: 3, expYear: 2031 });

    await provider.setDefaultPaymentMethod(customerId, paymentMethodId);
    expect(fake.state.customers.get(customerId)?.invoice_settings.default_payment_method).toBe(
      paymentMethodId,
    );

    await provider.detachPaymentMethod(paymentMethodId);
    expect(await provider.getPaymentMethod(customerId, paymentMethodId)).toBeNull();
  });
});

describe('stripe provider: promotion codes', () => {
  it('finds an active code case-insensitively and ignores expired or unknown ones', async () => {
    const seeded = fake.seedPromotionCode({ code: 'LENDO10', percentOff: 10 });
    fake.seedPromotionCode({
      code: 'VERAO2025',
      percentOff: 30,
      expiresAt: new Date(clock.now().getTime() - DAY_MS),
    });

    expect(await provider.findPromotionCode('lendo10')).toEqual({
      id: seeded.id,
      code: 'LENDO10',
      percentOff: 10,
      expiresAt: null,
      customerId: null,
    });
    expect(await provider.findPromotionCode('VERAO2025')).toBeNull();
    expect(await provider.findPromotionCode('NOPE')).toBeNull();
  });

  it('creates a single-use code for one customer that expires', async () => {
    const { customerId } = await customerWithCard();
    const expiresAt = new Date(Math.floor((clock.now().getTime() + 48 * 3600_000) / 1000) * 1000);
    const code = await provider.createPromotionCode({ customerId, percentOff: 20, expiresAt });
    expect(code).toMatchObject({ percentOff: 20, expiresAt, customerId });
    expect(fake.state.promotionCodes.get(code.id)).toMatchObject({
      max_redemptions: 1,
      customer: customerId,
    });
    expect(await provider.findPromotionCode(code.code)).toEqual(code);
  });
});

describe('stripe provider: subscriptions', () => {
  it('starts a trial without charging, creating the Stripe price once by lookup key', async () => {
    const { customerId, paymentMethodId, sub } = await subscribe({ trialDays: 7 });
    expect(sub).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      customerId,
      status: 'trialing',
      priceId: MONTHLY.id,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      endedAt: null,
      nextDiscountPercent: null,
      defaultPaymentMethodId: paymentMethodId,
    });
    expect(Math.abs(sub.trialEnd!.getTime() - (clock.now().getTime() + 7 * DAY_MS))).toBeLessThan(2000);
    expect(sub.currentPeriodEnd).toEqual(sub.trialEnd);
    expect(succeededCharges(customerId)).toHaveLength(0);

    const prices = [...fake.state.prices.values()].filter((p) => p.lookup_key === MONTHLY.lookupKey);
    expect(prices).toHaveLength(1);
    expect(prices[0]).toMatchObject({
      currency: 'usd',
      unit_amount: 999,
      recurring: { interval: 'month' },
      metadata: { lendo_price_id: MONTHLY.id },
    });
    expect(fake.state.subscriptions.get(sub.id)?.metadata).toEqual({ lendo_price_id: MONTHLY.id });

    await subscribe({ trialDays: 7 });
    expect([...fake.state.prices.values()].filter((p) => p.lookup_key === MONTHLY.lookupKey)).toHaveLength(1);

    const [invoice] = await provider.listInvoices(sub.id);
    expect(invoice).toMatchObject({ status: 'paid', total: 0, priceId: MONTHLY.id, subscriptionId: sub.id });
  });

  it('charges the first invoice at once without a trial, with a promotion code', async () => {
    const code = fake.seedPromotionCode({ code: 'BEMVINDO25', percentOff: 25 });
    const { customerId, sub } = await subscribe({ promotionCodeId: code.id });
    expect(sub.status).toBe('active');
    expect(sub.trialEnd).toBeNull();
    expect(sub.priceId).toBe(MONTHLY.id);
    // The once coupon was used by the first invoice.
    expect(sub.nextDiscountPercent).toBeNull();
    const periodMs = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
    expect(periodMs).toBeGreaterThanOrEqual(28 * DAY_MS);
    expect(periodMs).toBeLessThanOrEqual(31 * DAY_MS);
    expect(succeededCharges(customerId).map((pi) => pi.amount)).toEqual([749]);

    const invoices = await provider.listInvoices(sub.id);
    expect(invoices).toEqual([
      {
        id: expect.stringMatching(/^in_/),
        subscriptionId: sub.id,
        customerId,
        priceId: MONTHLY.id,
        createdAt: expect.any(Date),
        periodStart: sub.currentPeriodStart,
        periodEnd: sub.currentPeriodEnd,
        subtotal: 999,
        discount: 250,
        total: 749,
        currency: 'USD',
        status: 'paid',
        failureMessage: null,
        nextAttemptAt: null,
        attemptCount: 1,
      },
    ]);
  });

  it("turns a declined first charge into a CardError with Stripe's message, leaving nothing subscribed", async () => {
    const { customerId, paymentMethodId } = await customerWithCard('4000000000000341');
    const attempt = provider.createSubscription({
      customerId,
      paymentMethodId,
      price: MONTHLY,
      trialDays: 0,
      idempotencyKey: `declined-${customerId}`,
    });
    await expect(attempt).rejects.toBeInstanceOf(CardError);
    await expect(attempt).rejects.toMatchObject({
      message: 'Your card was declined.',
      providerCode: 'card_declined',
      declineCode: 'generic_decline',
    });
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(0);
  });

  it('returns the first subscription for a retried idempotency key and charges once', async () => {
    const { customerId, paymentMethodId } = await customerWithCard();
    const input = {
      customerId,
      paymentMethodId,
      price: MONTHLY,
      trialDays: 0,
      idempotencyKey: `same-key-${customerId}`,
    };
    const first = await provider.createSubscription(input);
    const second = await provider.createSubscription(input);
    expect(second.id).toBe(first.id);
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
    expect(succeededCharges(customerId)).toHaveLength(1);
    const keys = fake.requests.filter((r) => r.path === '/v1/subscriptions').map((r) => r.idempotencyKey);
    expect(keys.filter((k) => k === input.idempotencyKey)).toHaveLength(2);
  });

  it('extends a trial without charging', async () => {
    const { customerId, sub } = await subscribe({ trialDays: 7 });
    const trialEnd = new Date(Math.floor((sub.trialEnd!.getTime() + 7 * DAY_MS) / 1000) * 1000);
    const extended = await provider.extendTrial(sub.id, trialEnd);
    expect(extended).toMatchObject({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd });
    expect(fake.requests.at(-1)?.body).toMatchObject({ proration_behavior: 'none' });
    expect(succeededCharges(customerId)).toHaveLength(0);
  });

  it('takes a discount off the next invoice only', async () => {
    const { customerId, sub } = await subscribe({});
    const discounted = await provider.discountNextInvoice(sub.id, 10);
    expect(discounted.nextDiscountPercent).toBe(10);

    fake.renew(sub.id);
    const [renewal] = await provider.listInvoices(sub.id);
    expect(renewal).toMatchObject({ subtotal: 999, discount: 100, total: 899, status: 'paid' });
    expect((await provider.retrieveSubscription(sub.id)).nextDiscountPercent).toBeNull();
    expect(succeededCharges(customerId).map((pi) => pi.amount)).toEqual([999, 899]);
  });

  it('changes to a price of the same interval from the next renewal, without charging', async () => {
    const { customerId, sub } = await subscribe({});
    const changed = await provider.changePrice(sub.id, MONTHLY_MAX);
    expect(changed).toMatchObject({
      priceId: MONTHLY_MAX.id,
      status: 'active',
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    expect(succeededCharges(customerId)).toHaveLength(1);
    expect(await provider.listInvoices(sub.id)).toHaveLength(1);
  });

  it('changes interval with a new period now, charging the new price less the unused time', async () => {
    const { customerId, sub } = await subscribe({});
    const changed = await provider.changePrice(sub.id, YEARLY);
    expect(changed.priceId).toBe(YEARLY.id);
    expect(changed.status).toBe('active');
    const periodDays = (changed.currentPeriodEnd.getTime() - changed.currentPeriodStart.getTime()) / DAY_MS;
    expect(periodDays).toBeGreaterThanOrEqual(365);

    const [latest, first] = await provider.listInvoices(sub.id);
    expect(first?.priceId).toBe(MONTHLY.id);
    expect(latest).toMatchObject({ priceId: YEARLY.id, status: 'paid', periodEnd: changed.currentPeriodEnd });
    // Nearly the whole month is unused: the yearly price less about one month's price.
    expect(latest!.subtotal).toBeGreaterThan(7999 - 999 - 5);
    expect(latest!.subtotal).toBeLessThan(7999);
    expect(succeededCharges(customerId)).toHaveLength(2);
  });

  it('changes interval during a trial without charging', async () => {
    const { customerId, sub } = await subscribe({ trialDays: 7 });
    const changed = await provider.changePrice(sub.id, YEARLY);
    expect(changed).toMatchObject({ priceId: YEARLY.id, status: 'trialing', trialEnd: sub.trialEnd });
    expect(succeededCharges(customerId)).toHaveLength(0);
  });

  it('cancels at the period end and resumes, or cancels at once', async () => {
    const { sub } = await subscribe({});
    const canceling = await provider.cancel(sub.id, 'period_end');
    expect(canceling).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      cancelAt: sub.currentPeriodEnd,
    });

    const resumed = await provider.resume(sub.id);
    expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelAt: null });

    const trial = await subscribe({ trialDays: 7 });
    const ended = await provider.cancel(trial.sub.id, 'now');
    expect(ended.status).toBe('canceled');
    expect(ended.endedAt).toBeInstanceOf(Date);
    expect(ended.cancelAt).toEqual(ended.endedAt);
  });

  it('maps Stripe prices back to ours in a fresh process (price metadata)', async () => {
    const { sub } = await subscribe({});
    await provider.changePrice(sub.id, YEARLY);
    const fresh = newProvider();
    expect((await fresh.retrieveSubscription(sub.id)).priceId).toBe(YEARLY.id);
    const before = fake.requests.length;
    expect((await fresh.listInvoices(sub.id)).map((i) => i.priceId)).toEqual([YEARLY.id, MONTHLY.id]);
    expect(
      fake.requests.slice(before).filter((r) => r.path.startsWith('/v1/prices/')).length,
    ).toBeGreaterThan(0);
  });

  it('uses the Stripe price another process made first for the same lookup key', async () => {
    const racing: ProviderPrice = {
      ...YEARLY,
      id: '0b6f3f0e-0000-4000-8000-00000000000a',
      lookupKey: 'race_usd',
    };
    const [a, b] = await Promise.all([customerWithCard(), customerWithCard()]);
    const subs = await Promise.all(
      [a, b].map((c, i) =>
        (i === 0 ? provider : newProvider()).createSubscription({
          ...c,
          price: racing,
          trialDays: 7,
          idempotencyKey: `race-${c.customerId}`,
        }),
      ),
    );
    expect(subs.map((sub) => sub.priceId)).toEqual([racing.id, racing.id]);
    const prices = [...fake.state.prices.values()].filter((p) => p.metadata.lendo_price_id === racing.id);
    expect(prices).toHaveLength(1);
    // Both tried to create it; the second was refused the lookup key and took the first's.
    const creates = fake.requests.filter((r) => r.path === '/v1/prices' && r.body.lookup_key === 'race_usd');
    expect(creates.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('makes a new Stripe price when ours changed, moving the lookup key to it', async () => {
    const raised: ProviderPrice = {
      ...MONTHLY,
      id: '0b6f3f0e-0000-4000-8000-000000000009',
      lookupKey: 'raise_usd',
    };
    // Two first uses at once make one Stripe price.
    await Promise.all([subscribe({ price: raised }), subscribe({ price: raised })]);
    const { customerId, paymentMethodId } = await customerWithCard();
    const sub = await provider.createSubscription({
      customerId,
      paymentMethodId,
      price: { ...raised, amount: 1099 },
      trialDays: 0,
      idempotencyKey: `raised-${customerId}`,
    });
    const prices = [...fake.state.prices.values()].filter((p) => p.metadata.lendo_price_id === raised.id);
    expect(prices.map((p) => [p.unit_amount, p.lookup_key])).toEqual([
      [999, null],
      [1099, 'raise_usd'],
    ]);
    expect(sub.priceId).toBe(raised.id);
  });

  it('lists a failed renewal with the processor message and the next attempt', async () => {
    const { sub } = await subscribe({ trialDays: 7, card: '4000000000000341' });
    fake.renew(sub.id);
    const [failed] = await provider.listInvoices(sub.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      attemptCount: 1,
      total: 999,
      nextAttemptAt: expect.any(Date),
    });
    expect((await provider.retrieveSubscription(sub.id)).status).toBe('past_due');
  });
});

describe('stripe provider: webhooks', () => {
  it('parses signed subscription events', () => {
    const subscription = { id: 'sub_123', object: 'subscription' };
    const updated = JSON.stringify(fake.event('customer.subscription.updated', subscription));
    expect(provider.parseWebhook(updated, sign(updated))).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'subscription.updated',
      subscriptionId: 'sub_123',
    });
    const deleted = Buffer.from(JSON.stringify(fake.event('customer.subscription.deleted', subscription)));
    expect(provider.parseWebhook(deleted, sign(deleted.toString()))).toMatchObject({
      type: 'subscription.deleted',
      subscriptionId: 'sub_123',
    });
  });

  it('parses paid and failed renewal invoices', async () => {
    const paid = await subscribe({ trialDays: 7 });
    const paidEvent = JSON.stringify(fake.renew(paid.sub.id).event);
    expect(provider.parseWebhook(paidEvent, sign(paidEvent))).toMatchObject({
      type: 'invoice.paid',
      subscriptionId: paid.sub.id,
      invoice: {
        subscriptionId: paid.sub.id,
        priceId: MONTHLY.id,
        status: 'paid',
        total: 999,
        currency: 'USD',
      },
    });

    const failing = await subscribe({ trialDays: 7, card: '4000000000000341' });
    const failedEvent = JSON.stringify(fake.renew(failing.sub.id).event);
    expect(provider.parseWebhook(failedEvent, sign(failedEvent))).toMatchObject({
      type: 'invoice.payment_failed',
      subscriptionId: failing.sub.id,
      invoice: { status: 'failed', attemptCount: 1, nextAttemptAt: expect.any(Date) },
    });
  });

  it('reads invoices of older API versions (subscription at the top) and treats payment_succeeded as paid', () => {
    const invoice = {
      id: 'in_old',
      object: 'invoice',
      subscription: 'sub_old',
      customer: 'cus_old',
      status: 'paid',
      currency: 'brl',
      subtotal: 2990,
      total: 2990,
      attempt_count: 1,
      next_payment_attempt: null,
      created: 1_700_000_000,
      period_start: 1_700_000_000,
      period_end: 1_700_000_000,
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_old',
            amount: 2990,
            proration: false,
            period: { start: 1_700_000_000, end: 1_702_592_000 },
            price: { id: 'price_old', lookup_key: 'x', metadata: { lendo_price_id: 'our-price' } },
          },
        ],
      },
    };
    const payload = JSON.stringify(fake.event('invoice.payment_succeeded', invoice));
    expect(provider.parseWebhook(payload, sign(payload))).toMatchObject({
      type: 'invoice.paid',
      subscriptionId: 'sub_old',
      invoice: {
        id: 'in_old',
        customerId: 'cus_old',
        priceId: 'our-price',
        currency: 'BRL',
        discount: 0,
        periodStart: new Date(1_700_000_000_000),
        periodEnd: new Date(1_702_592_000_000),
      },
    });
  });

  it('ignores other events', () => {
    const payload = JSON.stringify(fake.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(provider.parseWebhook(payload, sign(payload))).toBeNull();
  });

  it('rejects a wrong signature, a missing one and one older than 300 s', () => {
    const payload = JSON.stringify(fake.event('customer.subscription.updated', { id: 'sub_1' }));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.parseWebhook(payload, forged)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => provider.parseWebhook(payload, undefined)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(isWebhookSignatureError(catchError(() => provider.parseWebhook(payload, forged)))).toBe(true);
    expect(isWebhookSignatureError(new Error('other'))).toBe(false);
    const old = sign(payload, Math.floor(Date.now() / 1000) - 301);
    expect(() => provider.parseWebhook(payload, old)).toThrow(/tolerance/);
    const tampered = payload.replace('sub_1', 'sub_2');
    expect(() => provider.parseWebhook(tampered, sign(payload))).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
