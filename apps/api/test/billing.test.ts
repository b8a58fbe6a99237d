import { Writable } from 'node:stream';
import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CancelOptions,
  CouponOffer,
  FeatureAccess,
  GeoCountry,
  Invoice,
  Me,
  PaymentMethod,
  PlanOffer,
  StoryCard,
  StoryDetail,
  Subscription,
  SubscriptionChange,
  UsageSummary,
} from '@lendo/shared';
import { mailOutbox } from '../src/db/schema.ts';
import {
  CARDS,
  confirmCard,
  offerOf,
  paidSubscriber,
  saveCard,
  setBillingInfo,
  subscribeCall,
  subscriber,
} from './billing-helpers.ts';
import { body, client, DAY_MS, learner, type Client } from './deck-helpers.ts';
import { build } from './helper.ts';
import { chapterId, storyId, storyOf } from './story-helpers.ts';

const context = await build({ ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60, TEST_CLOCK: true });
const { app, clock, database } = context;

const me = async (api: Client) => body<Me>(await api.get('/auth/me/'));
const subscriptionOf = async (api: Client) => body<Subscription>(await api.get('/billing/subscription/'));
const invoicesOf = async (api: Client) => body<Invoice[]>(await api.get('/billing/stripe/invoices/'));
const access = async (api: Client, feature: string) =>
  body<FeatureAccess>(await api.get(`/billing/feature-access/?feature=${feature}`)).has_access;
const cancel = async (api: Client, payload: object, status = 200) =>
  body<SubscriptionChange>(await api.post('/billing/stripe/cancel/', payload), status);
/** Moves the server's clock as the end-to-end tests do; the sandbox runs what came due. */
const advance = async (ms: number) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/dev/clock/',
    payload: { advance_seconds: Math.ceil(ms / 1000) },
  });
  expect(res.statusCode).toBe(200);
};
const mailsTo = async (email: string) =>
  (await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt))).filter(
    (m) => m.to === email,
  );

describe('plans and prices', () => {
  it('lists basic, pro and premium, monthly and yearly, in BRL for Brazil and USD elsewhere', async () => {
    const { api } = await learner(app);
    const br = body<PlanOffer[]>(await api.get('/billing/plans/?country_code=br'));
    expect(br.map((o) => `${o.plan.tier}/${o.plan.interval}`)).toEqual([
      'basic/monthly',
      'basic/yearly',
      'pro/monthly',
      'pro/yearly',
      'premium/monthly',
      'premium/yearly',
    ]);
    expect(new Set(br.map((o) => o.currency))).toEqual(new Set(['BRL']));
    const proMonthly = br.find((o) => o.plan.tier === 'pro' && o.plan.interval === 'monthly')!;
    const proYearly = br.find((o) => o.plan.tier === 'pro' && o.plan.interval === 'yearly')!;
    expect(proMonthly).toMatchObject({ amount: 2990, cost_per_month: 2990, old_cost_per_month: null });
    expect(proMonthly.plan).toMatchObject({ name: 'Pro', is_pro: true, trial_days: 7 });
    // A yearly plan is compared with twelve months of the monthly one.
    expect(proYearly).toMatchObject({ amount: 29900, cost_per_month: 2492, old_cost_per_month: 2990 });
    expect(br.filter((o) => o.is_current_plan).map((o) => o.plan.tier)).toEqual(['basic']);
    expect(br.find((o) => o.plan.tier === 'basic')!.price_id).toBeNull();

    for (const query of ['?country_code=US', '?country_code=de', '', '?country_code=zzz']) {
      const offers = body<PlanOffer[]>(await api.get(`/billing/plans/${query}`));
      expect(new Set(offers.map((o) => o.currency))).toEqual(new Set(['USD']));
    }
    const one = body<PlanOffer>(await api.get(`/billing/plans/${proYearly.plan.id}/?country_code=BR`));
    expect(one).toEqual(proYearly);
    expect((await api.get('/billing/plans/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await api.get('/billing/plans/nope/')).statusCode).toBe(404);
    expect((await client(app, null).get('/billing/plans/')).statusCode).toBe(401);
  });

  it('tells the country from a CDN header or the GeoIP data, and none for a private address', async () => {
    const geo = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app
        .inject({ method: 'GET', url: '/api/geo/country/', headers, remoteAddress })
        .then((r) => body<GeoCountry>(r).country);
    expect(await geo({ 'cf-ipcountry': 'br' })).toBe('BR');
    expect(await geo({}, '200.160.2.3')).toBe('BR');
    expect(await geo({}, '8.8.8.8')).toBe('US');
    // X-Forwarded-For is not believed unless TRUST_PROXY says so.
    expect(await geo({ 'x-forwarded-for': '8.8.8.8' })).toBeNull();
    expect(await geo({})).toBeNull();
    expect(await geo({ 'cf-ipcountry': 'XX' })).toBeNull();
  });
});

describe('cards (the sandbox answers Stripe test cards as Stripe does)', () => {
  it('saves 4242 and 0341, refuses 0002 and 9995 with the processor’s message', async () => {
    const { api } = await learner(app);
    const { price_id } = await offerOf(api, 'pro');
    const ok = await confirmCard(api, price_id!, CARDS.ok);
    expect(ok.res.statusCode).toBe(200);
    expect(ok.paymentMethod).toMatch(/^pm_/);
    const declined = await confirmCard(api, price_id!, CARDS.declined);
    expect(declined.res.statusCode).toBe(402);
    expect(declined.res.json()).toEqual({
      message: 'Your card was declined.',
      code: 'billing.card-declined',
    });
    const poor = await confirmCard(api, price_id!, CARDS.insufficientFunds);
    expect(poor.res.statusCode).toBe(402);
    expect(poor.res.json().message).toBe('Your card has insufficient funds.');
    const later = await confirmCard(api, price_id!, CARDS.failsOnCharge);
    expect(later.res.statusCode).toBe(200);
    const wrong = await confirmCard(api, price_id!, '4242 4242 4242 4241');
    expect(wrong.res.json()).toMatchObject({ message: 'Your card number is incorrect.' });

    const saved = body<PaymentMethod>(
      await api.post('/billing/stripe/payment-methods/', { payment_method_id: ok.paymentMethod }),
      201,
    );
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242', holder_name: 'Ana Souza', is_default: true });
  });

  it('never stores or logs the card number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await build({}, { logger: { level: 'trace', stream } });
    const { api } = await learner(logged.app);
    const { price_id } = await offerOf(api, 'pro');
    const numbers = [CARDS.ok, CARDS.declined, CARDS.failsOnCharge];
    for (const card of numbers) await confirmCard(api, price_id!, card);
    const dump = await logged.database.db.execute(
      sql`select row_to_json(x)::text as row from sandbox_objects x
          union all select row_to_json(p)::text from payment_methods p
          union all select row_to_json(m)::text from mail_outbox m`,
    );
    const stored = JSON.stringify(dump.rows);
    const logs = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(stored).toContain('4242');
    for (const number of numbers) {
      for (const form of [number, number.replaceAll(' ', '')]) {
        expect(stored).not.toContain(form);
        expect(logs).not.toContain(form);
      }
    }
  });

  it("keeps each learner's cards and invoices their own", async () => {
    const a = await subscriber(app);
    const b = await learner(app);
    const { price_id } = await offerOf(b.api, 'pro');
    // B cannot save, change or remove A's card, nor confirm A's setup intent.
    expect(
      (await b.api.post('/billing/stripe/payment-methods/', { payment_method_id: a.paymentMethod }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.api.put('/billing/stripe/payment-methods/', { payment_method_id: a.paymentMethod }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.api.delete(`/billing/stripe/payment-methods/?payment_method_id=${a.paymentMethod}`))
        .statusCode,
    ).toBe(404);
    const intent = await confirmCard(a.api, price_id!);
    const stolen = await b.api.post(`/billing/sandbox/setup-intents/${intent.intent.id}/confirm/`, {
      client_secret: intent.intent.client_secret,
      card: { number: CARDS.ok, exp_month: 1, exp_year: 2099, cvc: '123' },
      billing_details: { name: 'B' },
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (await subscribeCall(app, b.tokens, { price_id: price_id!, payment_method_id: a.paymentMethod }))
        .statusCode,
    ).toBe(400); // B has no billing name yet
    await setBillingInfo(b.api, { billing_fullname: 'Bea Lima' });
    expect(
      (await subscribeCall(app, b.tokens, { price_id: price_id!, payment_method_id: a.paymentMethod }))
        .statusCode,
    ).toBe(404);
    expect(await invoicesOf(b.api)).toEqual([]);
    expect(body<PaymentMethod[]>(await b.api.get('/billing/stripe/payment-methods/'))).toEqual([]);
    expect((await invoicesOf(a.api)).length).toBe(1);
  });

  it('lists, edits, makes default and removes cards; the only card of a renewing plan stays', async () => {
    const { api, paymentMethod, offer } = await subscriber(app);
    const second = await saveCard(api, offer.price_id!, '5555 5555 5555 4444');
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });
    let list = body<PaymentMethod[]>(await api.get('/billing/stripe/payment-methods/'));
    expect(list.map((m) => [m.last4, m.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const edited = body<PaymentMethod>(
      await api.put('/billing/stripe/payment-methods/', {
        payment_method_id: second.id,
        holder_name: 'Ana M. Souza',
        exp_month: 4,
        exp_year: 2031,
      }),
    );
    expect(edited).toMatchObject({
      holder_name: 'Ana M. Souza',
      exp_month: 4,
      exp_year: 2031,
      is_default: true,
    });
    expect((await subscriptionOf(api)).payment_method?.id).toBe(second.id);
    const past = await api.put('/billing/stripe/payment-methods/', {
      payment_method_id: second.id,
      exp_month: 1,
      exp_year: 2001,
    });
    expect(past.statusCode).toBe(400);
    expect(
      (await api.delete(`/billing/stripe/payment-methods/?payment_method_id=${paymentMethod}`)).statusCode,
    ).toBe(204);
    list = body<PaymentMethod[]>(await api.get('/billing/stripe/payment-methods/'));
    expect(list.map((m) => m.last4)).toEqual(['4444']);
    const last = await api.delete(`/billing/stripe/payment-methods/?payment_method_id=${second.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('billing.payment-method-in-use');
    expect((await api.delete('/billing/stripe/payment-methods/?payment_method_id=nope')).statusCode).toBe(
      400,
    );
  });
});

describe('POST /billing/stripe/subscribe/', () => {
  it('asks for the full name and CPF to pay in BRL, the full name elsewhere', async () => {
    const { api, tokens } = await learner(app);
    const brl = await offerOf(api, 'pro', 'monthly', 'BR');
    const usd = await offerOf(api, 'pro', 'monthly', 'US');
    const { paymentMethod } = await confirmCard(api, brl.price_id!);
    const attempt = (priceId: string) =>
      subscribeCall(app, tokens, { price_id: priceId, payment_method_id: paymentMethod });
    expect((await attempt(brl.price_id!)).json().code).toBe('billing.billing-info-required');
    expect((await attempt(usd.price_id!)).json().code).toBe('billing.fullname-needed');
    await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
    expect((await attempt(brl.price_id!)).json().code).toBe('billing.billing-info-required');
    const badCpf = await api.post('/auth/update-billing-info/', {
      billing_fullname: 'Ana Souza',
      cpf: '111.444.777-00',
    });
    expect(badCpf.statusCode).toBe(400);
    await setBillingInfo(api, { billing_fullname: 'Ana Souza', cpf: '111.444.777-35' });
    const sub = body<Subscription>(await attempt(brl.price_id!), 201);
    expect(sub).toMatchObject({ status: 'trial', currency: 'BRL', amount: 2990, has_access: true });
    expect(Date.parse(sub.trial_end_at!) - clock.now().getTime()).toBe(7 * DAY_MS);
    // Nothing is charged today: the first invoice is the trial's, for nothing.
    expect((await invoicesOf(api)).map((i) => [i.total, i.status])).toEqual([[0, 'paid']]);
  });

  it('puts the plan in force at once: me, feature access, allowances', async () => {
    const { api } = await subscriber(app, { tier: 'pro' });
    const mine = await me(api);
    expect(mine.subscription).toMatchObject({
      status: 'trial',
      plan: { tier: 'pro', is_pro: true, name: 'Pro' },
    });
    expect(await access(api, 'graded_reader')).toBe(true);
    const usage = body<UsageSummary>(await api.get('/billing/usage/'));
    expect(usage.plan).toBe('pro');
    expect(usage.meters.find((m) => m.meter === 'translations')!.limit).toBe(500);
    expect(usage.meters.find((m) => m.meter === 'flashcards')!.limit).toBeNull();
    expect(usage.decks.limit).toBeNull();
    for (let i = 0; i < 6; i++) {
      body(await api.post('/deck/decks/', { name: `Deck ${i}`, language: 'en' }), 201);
    }
    const plans = body<PlanOffer[]>(await api.get('/billing/plans/?country_code=US'));
    expect(plans.filter((o) => o.is_current_plan).map((o) => `${o.plan.tier}/${o.plan.interval}`)).toEqual([
      'pro/monthly',
    ]);

    const premium = await subscriber(app, { tier: 'premium' });
    const all = body<UsageSummary>(await premium.api.get('/billing/usage/'));
    expect(all.meters.every((m) => m.limit === null)).toBe(true);
  });

  it('applies a promotion code, refuses unknown and expired ones', async () => {
    const { api } = await learner(app);
    const check = (code: string) => api.post('/billing/stripe/promotion-code/', { promotion_code: code });
    expect(body<CouponOffer>(await check('lendo10'))).toEqual({
      code: 'LENDO10',
      percent_off: 10,
      expires_at: null,
      is_expired: false,
    });
    for (const code of ['NOPE', 'VERAO2025', '']) {
      const res = await check(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'billing.invalid-coupon', message: 'Invalid coupon.' });
    }
    const who = await subscriber(app, { coupon: 'LENDO10' });
    await advance(7 * DAY_MS + 1000);
    // The coupon comes off the first paid invoice, when the trial ends.
    const [first] = await invoicesOf(who.api);
    expect(first).toMatchObject({ subtotal: 599, discount: 60, total: 539, status: 'paid' });
    const bad = await learner(app);
    await setBillingInfo(bad.api, { billing_fullname: 'Ana Souza' });
    const { price_id } = await offerOf(bad.api, 'pro');
    const { paymentMethod } = await confirmCard(bad.api, price_id!);
    const refused = await subscribeCall(app, bad.tokens, {
      price_id: price_id!,
      payment_method_id: paymentMethod,
      promotion_code: 'VERAO2025',
    });
    expect(refused.json().code).toBe('billing.invalid-coupon');
    expect((await subscriptionOf(bad.api)).status).toBe('free');
  });

  it('charges once for concurrent retries with one Idempotency-Key', async () => {
    const { api, tokens } = await learner(app);
    await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
    const { price_id } = await offerOf(api, 'pro');
    const { paymentMethod } = await confirmCard(api, price_id!);
    const payload = { price_id: price_id!, payment_method_id: paymentMethod };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => subscribeCall(app, tokens, payload, 'key-1')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await invoicesOf(api)).toHaveLength(1);
    const again = await subscribeCall(app, tokens, payload, 'key-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('billing.already-subscribed');
    const other = await subscribeCall(app, tokens, { ...payload, promotion_code: 'LENDO10' }, 'key-1');
    expect(other.json().code).toBe('billing.idempotency-mismatch');
  });

  it('charges at once when the trial was used, and a card that fails on charge subscribes nothing', async () => {
    const who = await subscriber(app, { card: CARDS.failsOnCharge });
    expect(who.subscription.status).toBe('trial');
    body(await who.api.post('/billing/stripe/cancel/', { reason: 'too_expensive' }));
    // The plans no longer promise a trial: the next plan is charged at once.
    const offers = body<PlanOffer[]>(await who.api.get('/billing/plans/'));
    expect(offers.map((o) => o.plan.trial_days)).toEqual(offers.map(() => 0));
    const failed = await subscribeCall(app, who.tokens, {
      price_id: who.offer.price_id!,
      payment_method_id: who.paymentMethod,
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({ message: 'Your card was declined.', code: 'billing.card-declined' });
    expect((await subscriptionOf(who.api)).has_access).toBe(false);
    const good = await saveCard(who.api, who.offer.price_id!, CARDS.ok);
    const paid = body<Subscription>(
      await subscribeCall(app, who.tokens, { price_id: who.offer.price_id!, payment_method_id: good.id }),
      201,
    );
    expect(paid).toMatchObject({ status: 'active', trial_end_at: null });
    // The trial's €0 invoice and the new plan's charge, issued at the same (frozen) moment.
    expect((await invoicesOf(who.api)).map((i) => [i.total, i.status]).sort()).toEqual([
      [0, 'paid'],
      [599, 'paid'],
    ]);
  });

  it('refuses the free plan and unknown prices', async () => {
    const { api, tokens } = await learner(app);
    await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
    const basic = await offerOf(api, 'basic');
    const pro = await offerOf(api, 'pro');
    const { paymentMethod } = await confirmCard(api, pro.price_id!);
    const basicPrice = (
      await app.inject({
        method: 'GET',
        url: '/api/billing/plans/',
        headers: { authorization: `Bearer ${tokens.access}` },
      })
    )
      .json()
      .find((o: PlanOffer) => o.plan.tier === 'basic');
    expect(basic.price_id).toBeNull();
    expect(basicPrice.price_id).toBeNull();
    const unknown = await subscribeCall(app, tokens, {
      price_id: '00000000-0000-4000-8000-000000000000',
      payment_method_id: paymentMethod,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await subscribeCall(app, tokens, {
      price_id: pro.price_id!,
      payment_method_id: 'pm_nothing',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the subscription on the clock', () => {
  it('turns a trial into a paid plan and renews it every month with an invoice', async () => {
    const { api, account } = await subscriber(app);
    await advance(7 * DAY_MS + 1000);
    let sub = await subscriptionOf(api);
    expect(sub.status).toBe('active');
    expect(sub.trial_end_at).toBeNull();
    const firstEnd = Date.parse(sub.current_period_end!);
    await advance(firstEnd - clock.now().getTime() + 1000);
    sub = await subscriptionOf(api);
    expect(Date.parse(sub.current_period_end!)).toBeGreaterThan(firstEnd);
    const invoices = await invoicesOf(api);
    expect(invoices.map((i) => [i.total, i.status])).toEqual([
      [599, 'paid'],
      [599, 'paid'],
      [0, 'paid'],
    ]);
    expect(invoices[0]).toMatchObject({ plan_tier: 'pro', interval: 'monthly', currency: 'USD' });
    // The renewal sends a receipt.
    const receipts = (await mailsTo(account.email)).filter(
      (m) => m.subject === 'Recebemos seu pagamento do Lendo',
    );
    expect(receipts).toHaveLength(2);
  });

  it('goes past due when a renewal fails, retries, then cancels, with a mail at each step', async () => {
    const { api, account } = await subscriber(app, { card: CARDS.failsOnCharge });
    await advance(7 * DAY_MS + 1000);
    expect((await subscriptionOf(api)).status).toBe('past_due');
    // Access stays while the payment is retried.
    expect((await me(api)).subscription.plan?.tier).toBe('pro');
    expect((await invoicesOf(api))[0]).toMatchObject({ status: 'failed', total: 599 });
    let mails = await mailsTo(account.email);
    expect(mails.filter((m) => m.subject.startsWith('Não conseguimos cobrar'))).toHaveLength(1);
    for (const days of [1, 3]) {
      await advance(days * DAY_MS + 1000);
      expect((await subscriptionOf(api)).status).toBe('past_due');
    }
    mails = await mailsTo(account.email);
    expect(mails.filter((m) => m.subject.startsWith('Não conseguimos cobrar'))).toHaveLength(3);
    await advance(5 * DAY_MS + 1000);
    const ended = await subscriptionOf(api);
    expect(ended).toMatchObject({ status: 'free', has_access: false });
    expect((await me(api)).subscription).toMatchObject({ plan: null });
    expect(await access(api, 'graded_reader')).toBe(false);
    mails = await mailsTo(account.email);
    expect(mails[0]!.subject).toBe('Sua assinatura do Lendo foi cancelada');
  });

  it('recovers a past-due plan once a working card is the default', async () => {
    const { api, offer } = await subscriber(app, { card: CARDS.failsOnCharge });
    await advance(7 * DAY_MS + 1000);
    expect((await subscriptionOf(api)).status).toBe('past_due');
    await saveCard(api, offer.price_id!, CARDS.ok, true);
    await advance(DAY_MS + 1000);
    expect((await subscriptionOf(api)).status).toBe('active');
    expect((await invoicesOf(api))[0]).toMatchObject({ status: 'paid', total: 599 });
  });

  it('brings a due subscription up to date when it is read, without waiting for the sweep', async () => {
    const { api } = await subscriber(app);
    clock.advance(7 * DAY_MS + 1000);
    expect((await me(api)).subscription.status).toBe('active');
  });
});

describe('the cancel flow', () => {
  it('offers a trial extension once, then cancels a trial at once', async () => {
    const { api } = await subscriber(app);
    const trialEnd = Date.parse((await subscriptionOf(api)).trial_end_at!);
    expect(body<CancelOptions>(await api.get('/billing/stripe/cancel/'))).toEqual({
      can_extend_trial: true,
      can_receive_discount: false,
      downgrade: null,
    });
    const extended = await cancel(api, { apply_trial: true });
    expect(extended.event).toBe('trial-extended');
    expect(Date.parse(extended.subscription.trial_end_at!)).toBe(trialEnd + 7 * DAY_MS);
    expect(body<CancelOptions>(await api.get('/billing/stripe/cancel/')).can_extend_trial).toBe(false);
    expect((await api.post('/billing/stripe/cancel/', { apply_trial: true })).statusCode).toBe(409);
    expect((await api.post('/billing/stripe/cancel/', { apply_discount: true })).statusCode).toBe(409);

    const missing = await api.post('/billing/stripe/cancel/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('billing.reason-required');
    expect((await api.post('/billing/stripe/cancel/', { reason: 'bored' })).statusCode).toBe(400);

    const canceled = await cancel(api, { reason: 'not_using_enough', feedback: 'Sem tempo agora.' });
    expect(canceled.event).toBe('canceled-trial-subscription');
    // Canceling during a trial removes access at once.
    expect(canceled.subscription.has_access).toBe(false);
    expect((await me(api)).subscription.plan).toBeNull();
    expect(await access(api, 'graded_reader')).toBe(false);
    const again = await api.post('/billing/stripe/reactivate/', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('billing.cannot-reactivate');
  });

  it('offers a premium trial that cannot be extended the downgrade to pro', async () => {
    const { api } = await subscriber(app, { tier: 'premium' });
    await cancel(api, { apply_trial: true });
    const options = body<CancelOptions>(await api.get('/billing/stripe/cancel/'));
    expect(options.downgrade?.plan).toMatchObject({ tier: 'pro', interval: 'monthly' });
    const moved = await cancel(api, { downgrade_price_id: options.downgrade!.price_id });
    expect(moved.event).toBe('downgraded');
    expect(moved.subscription.plan.tier).toBe('pro');
    expect(body<CancelOptions>(await api.get('/billing/stripe/cancel/')).downgrade).toBeNull();
    const pro = await subscriber(app, { tier: 'pro' });
    const proMonthly = await offerOf(pro.api, 'premium');
    // Only the offered plan is a downgrade.
    expect(
      (await pro.api.post('/billing/stripe/cancel/', { downgrade_price_id: proMonthly.price_id })).statusCode,
    ).toBe(409);
  });

  it('gives 10% off the next month once, keeps a canceled paid plan until the period ends, and reactivates it', async () => {
    const { api } = await paidSubscriber(app);
    const options = body<CancelOptions>(await api.get('/billing/stripe/cancel/'));
    expect(options).toMatchObject({ can_extend_trial: false, can_receive_discount: true });
    const discounted = await cancel(api, { apply_discount: true });
    expect(discounted.event).toBe('discount-applied');
    expect(discounted.subscription.next_discount_percent).toBe(10);
    expect((await api.post('/billing/stripe/cancel/', { apply_discount: true })).statusCode).toBe(409);

    const canceled = await cancel(api, { reason: 'too_expensive' });
    expect(canceled.event).toBe('canceled-subscription');
    expect(canceled.subscription).toMatchObject({
      status: 'canceled',
      has_access: true,
      can_reactivate: true,
    });
    expect(canceled.subscription.cancel_at).toBe(canceled.subscription.current_period_end);
    expect((await me(api)).subscription).toMatchObject({ status: 'canceled', plan: { tier: 'pro' } });
    expect(await access(api, 'graded_reader')).toBe(true);

    const back = body<SubscriptionChange>(await api.post('/billing/stripe/reactivate/', {}));
    expect(back.event).toBe('reactivated');
    expect(back.subscription).toMatchObject({ status: 'active', cancel_at: null });
    // The discount waits for the next invoice.
    const end = Date.parse(back.subscription.current_period_end!);
    await advance(end - clock.now().getTime() + 1000);
    expect((await invoicesOf(api))[0]).toMatchObject({ subtotal: 599, discount: 60, total: 539 });

    await cancel(api, { reason: 'other' });
    const periodEnd = Date.parse((await subscriptionOf(api)).current_period_end!);
    await advance(periodEnd - clock.now().getTime() + 1000);
    expect(await subscriptionOf(api)).toMatchObject({ status: 'free', has_access: false });
    expect((await me(api)).subscription.plan).toBeNull();
    expect((await api.post('/billing/stripe/reactivate/', {})).statusCode).toBe(409);
  });

  it('changes a monthly plan to yearly, crediting the unused month', async () => {
    const { api, subscription } = await paidSubscriber(app);
    expect(subscription.annual_price_id).not.toBeNull();
    clock.advance(15 * DAY_MS);
    const changed = body<SubscriptionChange>(
      await api.post('/billing/stripe/change-plan/', { price_id: subscription.annual_price_id }),
    );
    expect(changed.event).toBe('changed-to-annual');
    expect(changed.subscription.plan.interval).toBe('yearly');
    expect(Date.parse(changed.subscription.current_period_end!) - clock.now().getTime()).toBeGreaterThan(
      364 * DAY_MS,
    );
    const [invoice] = await invoicesOf(api);
    expect(invoice).toMatchObject({ subtotal: 5990, interval: 'yearly' });
    expect(invoice!.discount).toBeGreaterThan(200);
    expect(invoice!.discount).toBeLessThan(599);
    const same = await api.post('/billing/stripe/change-plan/', { price_id: subscription.annual_price_id });
    expect(same.json().code).toBe('billing.same-plan');
    const brl = await offerOf(api, 'premium', 'yearly', 'BR');
    expect((await api.post('/billing/stripe/change-plan/', { price_id: brl.price_id })).statusCode).toBe(400);
  });

  it('answers 404 billing.no-subscription to a free learner', async () => {
    const { api } = await learner(app);
    for (const res of [
      await api.get('/billing/stripe/cancel/'),
      await api.post('/billing/stripe/cancel/', { reason: 'other' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('billing.no-subscription');
    }
    expect((await api.post('/billing/stripe/reactivate/', {})).statusCode).toBe(409);
  });
});

describe('GET /billing/stripe/offer-discount/', () => {
  it('gives a new learner one personal offer counting down 48 hours; it works for them alone', async () => {
    const { api, tokens } = await learner(app);
    const offer = body<CouponOffer>(await api.get('/billing/stripe/offer-discount/'));
    expect(offer).toMatchObject({ percent_off: 20, is_expired: false });
    expect(Date.parse(offer.expires_at!) - clock.now().getTime()).toBe(48 * 60 * 60 * 1000);
    expect(body<CouponOffer>(await api.get('/billing/stripe/offer-discount/'))).toEqual(offer);

    const other = await learner(app);
    const stolen = await other.api.post('/billing/stripe/promotion-code/', { promotion_code: offer.code });
    expect(stolen.json().code).toBe('billing.invalid-coupon');

    await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
    const { price_id } = await offerOf(api, 'pro');
    const { paymentMethod } = await confirmCard(api, price_id!);
    body(
      await subscribeCall(app, tokens, {
        price_id: price_id!,
        payment_method_id: paymentMethod,
        promotion_code: offer.code,
      }),
      201,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/billing/stripe/offer-discount/',
          headers: { authorization: `Bearer ${tokens.access}` },
        })
      ).json(),
    ).toBeNull();

    const late = await learner(app);
    const lateOffer = body<CouponOffer>(await late.api.get('/billing/stripe/offer-discount/'));
    clock.advance(48 * 60 * 60 * 1000 + 1000);
    expect(body<CouponOffer>(await late.api.get('/billing/stripe/offer-discount/')).is_expired).toBe(true);
    expect(
      (await late.api.post('/billing/stripe/promotion-code/', { promotion_code: lateOffer.code })).statusCode,
    ).toBe(400);
  });
});

describe('the library follows the plan', () => {
  const proSlug = 'en-soup-for-grandma';
  const freeSlug = 'en-the-frog-prince';

  /** What a learner sees of a story: its card in the list, its page and its first chapter. */
  async function library(api: Client, slug: string) {
    const cards = body<{ results: StoryCard[] }>(await api.get('/stories/?language=en&page_size=48')).results;
    const card = cards.find((c) => c.slug === slug);
    expect(card, slug).toBeDefined();
    const detail = body<StoryDetail>(await api.get(`/stories/${storyId(slug)}/`));
    const chapter = await api.get(`/chapters/${chapterId(slug, 1)}/`);
    return {
      listed: card!.locked,
      detail: detail.locked,
      chapter: chapter.statusCode,
      error: chapter.statusCode === 200 ? null : chapter.json(),
    };
  }
  const locked = {
    listed: true,
    detail: true,
    chapter: 403,
    error: { message: 'This story is part of the Pro plan.', code: 'limits.library' },
  };
  const open = { listed: false, detail: false, chapter: 200, error: null };

  it('locks Pro stories on basic, opens them during a Pro trial and locks them again once it is canceled', async () => {
    expect(storyOf(proSlug).free).toBe(false);
    expect(storyOf(freeSlug).free).toBe(true);

    const basic = await learner(app);
    expect(await library(basic.api, proSlug)).toEqual(locked);
    expect(await library(basic.api, freeSlug)).toEqual(open);
    expect(await access(basic.api, 'graded_reader')).toBe(false);

    const { api } = await subscriber(app);
    expect((await subscriptionOf(api)).status).toBe('trial');
    expect(await library(api, proSlug)).toEqual(open);
    expect(await library(api, freeSlug)).toEqual(open);
    expect(await access(api, 'graded_reader')).toBe(true);

    // Canceling a trial ends it at once: the library closes again.
    expect((await cancel(api, { reason: 'too_expensive' })).event).toBe('canceled-trial-subscription');
    expect(await library(api, proSlug)).toEqual(locked);
    expect(await library(api, freeSlug)).toEqual(open);
    expect(await access(api, 'graded_reader')).toBe(false);
  });
});

describe('the trial on offer', () => {
  it('is promised only to a learner who never had one, whatever their latest subscription', async () => {
    const trialDays = async (api: Client) =>
      body<PlanOffer[]>(await api.get('/billing/plans/?country_code=BR'))
        .filter((o) => o.plan.tier !== 'basic')
        .map((o) => o.plan.trial_days);
    const fresh = await learner(app);
    expect(await trialDays(fresh.api)).toEqual([7, 7, 7, 7]);
    // Trial canceled, then a plan charged at once: the latest subscription had no trial, an earlier one did.
    const paid = await paidSubscriber(app);
    expect(paid.subscription.trial_end_at).toBeNull();
    expect(await trialDays(paid.api)).toEqual([0, 0, 0, 0]);
    const premium = await offerOf(paid.api, 'premium', 'yearly', 'BR');
    expect(
      body<PlanOffer>(await paid.api.get(`/billing/plans/${premium.plan.id}/?country_code=BR`)).plan
        .trial_days,
    ).toBe(0);
    expect(
      body<PlanOffer>(await fresh.api.get(`/billing/plans/${premium.plan.id}/?country_code=BR`)).plan
        .trial_days,
    ).toBe(7);
  });
});
