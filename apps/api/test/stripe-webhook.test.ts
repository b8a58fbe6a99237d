import { desc } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, FeatureAccess, Invoice, Me, SetupIntent, Subscription } from '@lendo/shared';
import { mailOutbox } from '../src/db/schema.ts';
import type { Clock } from '../src/lib/clock.ts';
import { offerOf, setBillingInfo, subscribeCall } from './billing-helpers.ts';
import { body, DAY_MS, learner, type Client } from './deck-helpers.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { build } from './helper.ts';

// The whole app in Stripe mode, against the local fake Stripe: checkout through the API routes,
// then Stripe's webhooks, signed as Stripe signs them, as a learner would see their effects.

const WEBHOOK_SECRET = 'whsec_lendo_webhook_test';
const CARD_OK = '4242424242424242';
/** Attaches, but every charge is declined. */
const CARD_FAILS_ON_CHARGE = '4000000000000341';
const RECEIPT = 'Recebemos seu pagamento do Lendo';
const PAYMENT_FAILED = 'Não conseguimos cobrar sua assinatura do Lendo';
const CANCELED = 'Sua assinatura do Lendo foi cancelada';

// The fake bills on the app's (movable) clock, as Stripe would on the real time.
const appClock: { current?: Clock } = {};
const fake = await startFakeStripe({ clock: { now: () => appClock.current?.now() ?? new Date() } });
afterAll(() => fake.close());
const context = await build({
  TEST_CLOCK: true,
  ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60,
  STRIPE_SECRET_KEY: 'sk_test_lendo',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_lendo',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
});
appClock.current = context.clock;
const { app, clock, database } = context;

const me = async (api: Client) => body<Me>(await api.get('/auth/me/'));
const subscriptionOf = async (api: Client) => body<Subscription>(await api.get('/billing/subscription/'));
const invoicesOf = async (api: Client) => body<Invoice[]>(await api.get('/billing/stripe/invoices/'));
const gradedReader = async (api: Client) =>
  body<FeatureAccess>(await api.get('/billing/feature-access/?feature=graded_reader')).has_access;
const subjectsTo = async (email: string) =>
  (await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)))
    .filter((m) => m.to === email)
    .map((m) => m.subject);
const count = (items: string[], item: string) => items.filter((each) => each === item).length;

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** POSTs a webhook as Stripe does: raw JSON, `application/json; charset=utf-8`, a Stripe-Signature. */
function post(payload: string, signature: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook/',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== null && { 'stripe-signature': signature }),
    },
    payload,
  });
}

/** Delivers an event, correctly signed; Stripe wants a 2xx. */
async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const res = await post(payload, sign(payload));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

/** A `customer.subscription.updated` event with the subscription as Stripe has it right now. */
const subscriptionUpdated = (subscriptionId: string) =>
  fake.event('customer.subscription.updated', fake.render(fake.state.subscriptions.get(subscriptionId)!));

/**
 * A learner who subscribes to Pro as the web does with Stripe: a setup intent, the card confirmed
 * by Stripe.js (the fake attaches it), then subscribe. The first subscription starts a trial.
 */
async function stripeSubscriber(card = CARD_OK) {
  const who = await learner(app);
  await setBillingInfo(who.api, { billing_fullname: 'Ana Souza' });
  const offer = await offerOf(who.api, 'pro');
  const intent = body<SetupIntent>(
    await who.api.get(`/billing/stripe/setup-intent/?price_id=${offer.price_id}`),
  );
  expect(intent).toMatchObject({ provider: 'stripe', publishable_key: 'pk_test_lendo' });
  const customerId = fake.state.setupIntents.get(intent.id)!.customer!;
  expect(fake.state.customers.get(customerId)?.email).toBe(who.account.email);
  const paymentMethod = fake.attachCard(customerId, { number: card, name: 'Ana Souza' });
  const subscription = body<Subscription>(
    await subscribeCall(
      app,
      who.tokens,
      { price_id: offer.price_id!, payment_method_id: paymentMethod },
      `checkout-${customerId}`,
    ),
    201,
  );
  const [stripeSubscription, ...others] = [...fake.state.subscriptions.values()].filter(
    (s) => s.customer === customerId,
  );
  expect(others).toHaveLength(0);
  return { ...who, offer, customerId, paymentMethod, subscription, subscriptionId: stripeSubscription!.id };
}

/** Moves the clock past the trial, to when Stripe renews. */
const endTrial = () => clock.advance(7 * DAY_MS + 1000);

describe('checkout in Stripe mode', () => {
  it('subscribes through the API: a Pro trial, seen by the subscription, me and feature access', async () => {
    const { api, offer, subscription, subscriptionId, paymentMethod } = await stripeSubscriber();
    expect(subscription).toMatchObject({
      status: 'trial',
      plan: { tier: 'pro', interval: 'monthly' },
      price_id: offer.price_id,
      has_access: true,
      payment_method: { id: paymentMethod, brand: 'visa', last4: '4242', is_default: true },
    });
    expect(Date.parse(subscription.trial_end_at!) - clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 2000);
    expect(await subscriptionOf(api)).toEqual(subscription);
    expect((await me(api)).subscription).toMatchObject({
      status: 'trial',
      plan: { tier: 'pro', is_pro: true },
    });
    expect(await gradedReader(api)).toBe(true);
    // The trial's invoice is nothing charged.
    expect((await invoicesOf(api)).map((i) => [i.total, i.status, i.plan_tier])).toEqual([
      [0, 'paid', 'pro'],
    ]);
    expect(fake.state.subscriptions.get(subscriptionId)).toMatchObject({
      status: 'trialing',
      default_payment_method: paymentMethod,
      metadata: { lendo_price_id: offer.price_id },
    });
    // The sandbox's card form does not exist with Stripe.
    const sandboxConfirm = await api.post('/billing/sandbox/setup-intents/seti_x/confirm/', {});
    expect(sandboxConfirm.statusCode).toBe(404);
  });
});

describe('POST /billing/stripe/webhook/', () => {
  it('refuses a missing, forged, stale or tampered signature with 400 and changes nothing', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber();
    const before = await subscriptionOf(api);
    const { event } = fake.renew(subscriptionId);
    const payload = JSON.stringify(event);
    const refusals = [
      await post(payload, null),
      await post(payload, ''),
      await post(payload, 't=1,v1=deadbeef'),
      await post(payload, sign(payload, 'whsec_someone_else')),
      await post(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301)),
      await post(payload.replace(subscriptionId, 'sub_other'), sign(payload)),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorResponse>()).toEqual({
        message: 'The webhook signature is not valid.',
        code: 'billing.webhook-signature',
      });
    }
    expect(await invoicesOf(api)).toHaveLength(1);
    expect(await subscriptionOf(api)).toEqual(before);
    expect(await subjectsTo(account.email)).not.toContain(RECEIPT);

    // Refused deliveries were not counted as handled: Stripe's retry, signed, is.
    await deliver(event);
    expect(await invoicesOf(api)).toHaveLength(2);
  });

  it('adds the invoice of a signed renewal and mails a receipt', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber();
    endTrial();
    const { invoice, event } = fake.renew(subscriptionId);
    expect(event.type).toBe('invoice.paid');
    expect(await invoicesOf(api)).toHaveLength(1);
    await deliver(event);

    const invoices = await invoicesOf(api);
    expect(invoices.map((i) => [i.total, i.status])).toEqual([
      [599, 'paid'],
      [0, 'paid'],
    ]);
    const periodEnd = new Date(invoice.lines.data[0]!.period.end * 1000).toISOString();
    expect(invoices[0]).toMatchObject({
      subtotal: 599,
      discount: 0,
      currency: 'USD',
      plan_tier: 'pro',
      interval: 'monthly',
      period_start: new Date(invoice.lines.data[0]!.period.start * 1000).toISOString(),
      period_end: periodEnd,
    });
    expect(await subscriptionOf(api)).toMatchObject({
      status: 'active',
      trial_end_at: null,
      current_period_end: periodEnd,
      has_access: true,
    });
    expect((await me(api)).subscription).toMatchObject({ status: 'active', plan: { tier: 'pro' } });
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(1);
  });

  it('handles an event delivered again once: one invoice, one receipt, 200 each time', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber();
    endTrial();
    const { event } = fake.renew(subscriptionId);
    await deliver(event);
    // Stripe redelivers with a new signature; the event id is the same.
    await deliver(event);
    await deliver(event);
    expect(await invoicesOf(api)).toHaveLength(2);
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(1);

    // The next renewal, delivered three times at once.
    clock.advance(31 * DAY_MS);
    const next = fake.renew(subscriptionId);
    await Promise.all([deliver(next.event), deliver(next.event), deliver(next.event)]);
    expect((await invoicesOf(api)).map((i) => i.total)).toEqual([599, 599, 0]);
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(2);
  });

  it('mails one receipt when Stripe sends both invoice.paid and invoice.payment_succeeded for a payment', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber();
    endTrial();
    const { invoice, event } = fake.renew(subscriptionId);
    await deliver(event);
    await deliver(fake.event('invoice.payment_succeeded', fake.render(invoice)));
    expect(await invoicesOf(api)).toHaveLength(2);
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(1);
  });

  it("sends no receipt for the checkout's own charge, whenever its events arrive", async () => {
    const { api, account, tokens, offer, paymentMethod, customerId } = await stripeSubscriber();
    body(await api.post('/billing/stripe/cancel/', { reason: 'other' }));
    clock.advance(3 * DAY_MS);
    // The trial was used: this subscription is charged at once.
    const paid = body<Subscription>(
      await subscribeCall(
        app,
        tokens,
        { price_id: offer.price_id!, payment_method_id: paymentMethod },
        'again',
      ),
      201,
    );
    expect(paid.status).toBe('active');
    const second = [...fake.state.subscriptions.values()].find(
      (s) => s.customer === customerId && s.status === 'active',
    )!;
    const firstInvoice = fake.state.invoices.get(second.latest_invoice!)!;
    await deliver(fake.event('customer.subscription.created', fake.render(second)));
    await deliver(fake.event('invoice.paid', fake.render(firstInvoice)));
    expect((await invoicesOf(api)).map((i) => i.total)).toEqual([599, 0]);
    expect(await subjectsTo(account.email)).not.toContain(RECEIPT);
    expect(await subscriptionOf(api)).toEqual(paid);
  });

  it('ignores events it does not follow, and invoices that bill no subscription', async () => {
    const { api } = await stripeSubscriber();
    await deliver(fake.event('customer.created', { id: 'cus_x', object: 'customer' }));
    await deliver(
      fake.event('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_x', lines: { data: [] } }),
    );
    expect(await invoicesOf(api)).toHaveLength(1);
  });

  it('keeps the newer state when an older subscription.updated arrives late (the subscription is re-read)', async () => {
    const { api, subscriptionId } = await stripeSubscriber();
    const trialing = subscriptionUpdated(subscriptionId);
    endTrial();
    const renewal = fake.renew(subscriptionId);
    const active = subscriptionUpdated(subscriptionId);
    // The newer news first, then the older snapshot (still trialing) and the renewal.
    await deliver(active);
    expect(await subscriptionOf(api)).toMatchObject({ status: 'active', trial_end_at: null });
    await deliver(trialing);
    await deliver(renewal.event);
    expect(await subscriptionOf(api)).toMatchObject({ status: 'active', trial_end_at: null });

    // The learner cancels; a delayed update from before the cancellation does not undo it.
    const notCanceling = subscriptionUpdated(subscriptionId);
    const canceled = body<{ subscription: Subscription }>(
      await api.post('/billing/stripe/cancel/', { reason: 'too_expensive' }),
    ).subscription;
    expect(canceled).toMatchObject({ status: 'canceled', has_access: true, can_reactivate: true });
    await deliver(notCanceling);
    expect(await subscriptionOf(api)).toEqual(canceled);
    expect((await me(api)).subscription).toMatchObject({ status: 'canceled', plan: { tier: 'pro' } });
  });

  it('applies invoice.paid that arrives before its subscription.updated', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber();
    endTrial();
    const renewal = fake.renew(subscriptionId);
    const updated = subscriptionUpdated(subscriptionId);
    await deliver(renewal.event);
    const after = await subscriptionOf(api);
    expect(after).toMatchObject({ status: 'active', trial_end_at: null });
    expect((await invoicesOf(api)).map((i) => i.total)).toEqual([599, 0]);
    await deliver(updated);
    expect(await subscriptionOf(api)).toEqual(after);
    expect((await invoicesOf(api)).map((i) => i.total)).toEqual([599, 0]);
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(1);
  });

  it('puts a failed renewal past due, keeps access while Stripe retries and mails the learner', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber(CARD_FAILS_ON_CHARGE);
    endTrial();
    const { invoice, event } = fake.renew(subscriptionId);
    expect(event.type).toBe('invoice.payment_failed');
    await deliver(event);
    await deliver(event);

    expect(await subscriptionOf(api)).toMatchObject({ status: 'past_due', has_access: true });
    expect((await me(api)).subscription).toMatchObject({ status: 'past_due', plan: { tier: 'pro' } });
    expect(await gradedReader(api)).toBe(true);
    expect((await invoicesOf(api))[0]).toMatchObject({ status: 'failed', total: 599 });
    const subjects = await subjectsTo(account.email);
    expect(count(subjects, PAYMENT_FAILED)).toBe(1);
    expect(subjects).not.toContain(RECEIPT);

    // Stripe's last retry fails too: the invoice has no next attempt and the subscription ends.
    clock.advance(7 * DAY_MS);
    const now = Math.floor(clock.now().getTime() / 1000);
    const stored = fake.state.invoices.get(invoice.id)!;
    Object.assign(stored, { attempt_count: 4, next_payment_attempt: null });
    Object.assign(fake.state.subscriptions.get(subscriptionId)!, {
      status: 'canceled',
      ended_at: now,
      canceled_at: now,
    });
    await deliver(fake.event('invoice.payment_failed', fake.render(stored)));
    await deliver(
      fake.event('customer.subscription.deleted', fake.render(fake.state.subscriptions.get(subscriptionId)!)),
    );

    expect(await subscriptionOf(api)).toMatchObject({ status: 'free', has_access: false });
    expect((await me(api)).subscription).toMatchObject({ plan: null });
    expect(await gradedReader(api)).toBe(false);
    const later = await subjectsTo(account.email);
    expect(count(later, PAYMENT_FAILED)).toBe(1);
    expect(count(later, CANCELED)).toBe(1);
    expect(later[0]).toBe(CANCELED);
  });

  it('recovers a past-due plan when a retry is paid, with a receipt', async () => {
    const { api, account, subscriptionId } = await stripeSubscriber(CARD_FAILS_ON_CHARGE);
    endTrial();
    const { invoice, event } = fake.renew(subscriptionId);
    await deliver(event);
    expect((await subscriptionOf(api)).status).toBe('past_due');

    // The learner's new card pays Stripe's retry.
    clock.advance(DAY_MS);
    const stored = fake.state.invoices.get(invoice.id)!;
    Object.assign(stored, {
      status: 'paid',
      attempt_count: 2,
      next_payment_attempt: null,
      amount_paid: stored.total,
      amount_remaining: 0,
    });
    fake.state.subscriptions.get(subscriptionId)!.status = 'active';
    await deliver(fake.event('invoice.paid', fake.render(stored)));

    expect(await subscriptionOf(api)).toMatchObject({ status: 'active', has_access: true });
    expect((await invoicesOf(api))[0]).toMatchObject({ status: 'paid', total: 599 });
    expect(count(await subjectsTo(account.email), RECEIPT)).toBe(1);
  });
});
