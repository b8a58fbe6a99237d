import { expect } from 'vitest';
import type {
  ConfirmedSetupIntent,
  PaymentMethod,
  PlanOffer,
  SetupIntent,
  Subscription,
} from '@lendo/shared';
import type { App } from '../src/app.ts';
import { body, learner, type Client } from './deck-helpers.ts';

/** Stripe's test cards (the sandbox answers them as Stripe does). */
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  failsOnCharge: '4000 0000 0000 0341',
} as const;

/** The price of a plan in a country's currency. */
export async function offerOf(
  api: Client,
  tier: 'basic' | 'pro' | 'premium',
  interval = 'monthly',
  country = 'US',
) {
  const offers = body<PlanOffer[]>(await api.get(`/billing/plans/?country_code=${country}`));
  const offer = offers.find((o) => o.plan.tier === tier && o.plan.interval === interval);
  expect(offer).toBeDefined();
  return offer!;
}

/** What the card form does: a setup intent confirmed with a card; the payment method's id, or the failed answer. */
export async function confirmCard(
  api: Client,
  priceId: string,
  number: string = CARDS.ok,
  name = 'Ana Souza',
) {
  const intent = body<SetupIntent>(await api.get(`/billing/stripe/setup-intent/?price_id=${priceId}`));
  const res = await api.post(`/billing/sandbox/setup-intents/${intent.id}/confirm/`, {
    client_secret: intent.client_secret,
    card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' },
    billing_details: { name },
  });
  return {
    intent,
    res,
    paymentMethod: res.statusCode === 200 ? (res.json() as ConfirmedSetupIntent).payment_method : '',
  };
}

export async function saveCard(
  api: Client,
  priceId: string,
  number: string = CARDS.ok,
  setAsDefault = false,
) {
  const { paymentMethod } = await confirmCard(api, priceId, number);
  return body<PaymentMethod>(
    await api.post('/billing/stripe/payment-methods/', {
      payment_method_id: paymentMethod,
      set_as_default: setAsDefault,
    }),
    201,
  );
}

export const setBillingInfo = async (api: Client, info: { billing_fullname: string; cpf?: string }) =>
  body(await api.post('/auth/update-billing-info/', info));

/** POST /billing/stripe/subscribe/ with an Idempotency-Key. */
export function subscribeCall(
  app: App,
  tokens: { access: string },
  payload: { price_id: string; payment_method_id: string; promotion_code?: string },
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/stripe/subscribe/',
    headers: { authorization: `Bearer ${tokens.access}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/**
 * A learner subscribed through checkout as the web does it: billing info, a card, subscribe.
 * The first subscription of a learner starts with the 7-day trial.
 */
export async function subscriber(
  app: App,
  {
    tier = 'pro',
    interval = 'monthly',
    card = CARDS.ok as string,
    coupon,
  }: { tier?: 'pro' | 'premium'; interval?: string; card?: string; coupon?: string } = {},
) {
  const who = await learner(app);
  await setBillingInfo(who.api, { billing_fullname: 'Ana Souza' });
  const offer = await offerOf(who.api, tier, interval);
  const { paymentMethod } = await confirmCard(who.api, offer.price_id!, card);
  const subscription = body<Subscription>(
    await subscribeCall(app, who.tokens, {
      price_id: offer.price_id!,
      payment_method_id: paymentMethod,
      ...(coupon ? { promotion_code: coupon } : {}),
    }),
    201,
  );
  return { ...who, offer, subscription, paymentMethod };
}

/** Cancels a trial and subscribes again: the second subscription is charged at once, no trial. */
export async function paidSubscriber(app: App, options: Parameters<typeof subscriber>[1] = {}) {
  const who = await subscriber(app, options);
  body(await who.api.post('/billing/stripe/cancel/', { reason: 'other' }));
  const subscription = body<Subscription>(
    await subscribeCall(app, who.tokens, {
      price_id: who.offer.price_id!,
      payment_method_id: who.paymentMethod,
    }),
    201,
  );
  expect(subscription.status).toBe('active');
  return { ...who, subscription };
}
