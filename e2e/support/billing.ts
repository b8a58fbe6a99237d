import type { APIRequestContext } from '@playwright/test';

/** Stripe's test cards, as the sandbox processor honours them. */
export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saved fine, declined when charged (a renewal then fails). */
  failsOnCharge: '4000000000000341',
} as const;

type Tier = 'pro' | 'premium';
type Interval = 'monthly' | 'yearly';

interface PlanOfferLike {
  plan: { tier: string; interval: string; name: string };
  price_id: string | null;
  amount: number;
  currency: string;
}

const auth = (access: string) => ({ authorization: `Bearer ${access}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The plan offers for `country` (USD outside Brazil). */
export async function planOffers(request: APIRequestContext, access: string, country = 'US') {
  return ok<PlanOfferLike[]>(
    await request.get(`/api/billing/plans/?country_code=${country}`, { headers: auth(access) }),
    'GET plans',
  );
}

/** The offer of `tier` and `interval` in `country`. */
export async function findOffer(
  request: APIRequestContext,
  access: string,
  {
    tier = 'pro',
    interval = 'monthly',
    country = 'US',
  }: { tier?: Tier; interval?: Interval; country?: string } = {},
) {
  const offer = (await planOffers(request, access, country)).find(
    (candidate) => candidate.plan.tier === tier && candidate.plan.interval === interval,
  );
  if (!offer?.price_id) throw new Error(`no ${tier} ${interval} offer in ${country}`);
  return offer as PlanOfferLike & { price_id: string };
}

/**
 * Saves a card through the sandbox processor as the card form would (setup intent, then its confirm
 * with the card): returns the new payment method's id, or throws with the processor's message.
 */
export async function confirmCard(
  request: APIRequestContext,
  access: string,
  {
    priceId,
    number = TEST_CARDS.ok,
    holder = 'Ana Souza',
  }: { priceId?: string; number?: string; holder?: string } = {},
): Promise<string> {
  const query = priceId ? `?price_id=${priceId}` : '';
  const intent = await ok<{ id: string; client_secret: string }>(
    await request.get(`/api/billing/stripe/setup-intent/${query}`, { headers: auth(access) }),
    'GET setup-intent',
  );
  const confirmed = await ok<{ payment_method: string }>(
    await request.post(`/api/billing/sandbox/setup-intents/${intent.id}/confirm/`, {
      headers: auth(access),
      data: {
        client_secret: intent.client_secret,
        card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 4, cvc: '123' },
        billing_details: { name: holder },
      },
    }),
    'sandbox confirm',
  );
  return confirmed.payment_method;
}

/** Saves a card to the account's payment methods (POST payment-methods) and returns its id. */
export async function addCard(
  request: APIRequestContext,
  access: string,
  options: { number?: string; holder?: string; setAsDefault?: boolean } = {},
) {
  const offer = await findOffer(request, access);
  const id = await confirmCard(request, access, { ...options, priceId: offer.price_id });
  await ok(
    await request.post('/api/billing/stripe/payment-methods/', {
      headers: auth(access),
      data: { payment_method_id: id, set_as_default: options.setAsDefault ?? false },
    }),
    'POST payment-methods',
  );
  return id;
}

/**
 * Subscribes the account through the API, as checkout would: the billing name, a card confirmed
 * with the sandbox (4242… unless told) and POST subscribe. A first subscription starts with the
 * plan's trial; a later one is charged at once. Returns the subscription and the offer.
 */
export async function subscribe(
  request: APIRequestContext,
  access: string,
  options: {
    tier?: Tier;
    interval?: Interval;
    country?: string;
    card?: string;
    holder?: string;
    /** Needed to pay in Brazil. */
    cpf?: string;
  } = {},
) {
  const holder = options.holder ?? 'Ana Souza';
  await ok(
    await request.post('/api/auth/update-billing-info/', {
      headers: auth(access),
      data: { billing_fullname: holder, ...(options.cpf ? { cpf: options.cpf } : {}) },
    }),
    'POST update-billing-info',
  );
  const offer = await findOffer(request, access, options);
  const paymentMethodId = await confirmCard(request, access, {
    priceId: offer.price_id,
    number: options.card,
    holder,
  });
  const subscription = await ok<{
    status: string;
    trial_end_at: string | null;
    current_period_end: string | null;
  }>(
    await request.post('/api/billing/stripe/subscribe/', {
      headers: { ...auth(access), 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
      data: { price_id: offer.price_id, payment_method_id: paymentMethodId },
    }),
    'POST subscribe',
  );
  return { subscription, offer, paymentMethodId };
}

/** Cancels the subscription with a reason, through the API. */
export async function cancelSubscription(request: APIRequestContext, access: string, reason = 'other') {
  return ok<{ event: string }>(
    await request.post('/api/billing/stripe/cancel/', { headers: auth(access), data: { reason } }),
    'POST cancel',
  );
}
