import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPaymentMethodBody,
  cancelBody,
  cancelOptions,
  changePlanBody,
  confirmedSetupIntent,
  couponOffer,
  deletePaymentMethodQuery,
  errorResponse,
  geoCountry,
  invoiceList,
  paymentMethod,
  paymentMethodList,
  planOffer,
  planOfferList,
  planParams,
  plansQuery,
  promotionCodeBody,
  sandboxConfirmBody,
  setupIntent,
  setupIntentQuery,
  subscribeBody,
  subscription,
  subscriptionChange,
  updatePaymentMethodBody,
} from '@lendo/shared';
import { AppError } from '../../lib/errors.ts';
import type { BillingService } from './service.ts';
import type { GeoLocator } from './geo.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const changeErrors = { ...errors, 402: errorResponse, 409: errorResponse, 503: errorResponse };
const noContent = { 204: z.null().describe('Done; no body.') };
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, { error: 'error.invalid-value' })
    .max(255, { error: 'error.invalid-value' })
    .optional(),
});

/** SPEC §7 "Billing" (paths under /billing/stripe/ whichever processor runs), plus the screens' needs. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService; geo: GeoLocator }> = async (
  app,
  { billing, geo },
) => {
  const secured = { onRequest: app.authenticate };
  const schema = { tags: ['billing'], security: [{ bearer: [] }] };

  app.get(
    '/geo/country/',
    {
      schema: {
        tags: ['billing'],
        description:
          "The caller's country (ISO 3166-1 alpha-2) from a CDN's country header or the GeoIP data shipped " +
          'with the server; null when it cannot be told (a private address, say).',
        response: { 200: geoCountry },
      },
    },
    async (req) => ({ country: await geo.countryOf(req) }),
  );

  app.get(
    '/billing/plans/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Every plan with its price in the currency of `country_code` (BRL for BR, USD elsewhere), in minor ' +
          "units; yearly plans also give the monthly plan's price per month to compare with.",
        querystring: plansQuery,
        response: { 200: planOfferList, ...errors },
      },
    },
    async (req) => billing.plans(req.userId, req.query.country_code),
  );

  app.get(
    '/billing/plans/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'One plan with its price in the currency of `country_code`.',
        params: planParams,
        querystring: plansQuery,
        response: { 200: planOffer, ...errors },
      },
    },
    async (req) => billing.plan(req.userId, req.params.id, req.query.country_code),
  );

  app.get(
    '/billing/subscription/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "The learner's subscription: status, plan, dates, what can be done with it, the card.",
        response: { 200: subscription, ...errors },
      },
    },
    async (req) => billing.subscription(req.userId),
  );

  app.get(
    '/billing/stripe/setup-intent/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'A setup intent to confirm a card with: through Stripe.js when `provider` is stripe, or ' +
          'POST /billing/sandbox/setup-intents/{id}/confirm/ in the embedded sandbox.',
        querystring: setupIntentQuery,
        response: { 200: setupIntent, ...changeErrors },
      },
    },
    async (req) => billing.setupIntent(req.userId, req.query.price_id),
  );

  if (billing.provider.kind === 'sandbox') {
    app.post(
      '/billing/sandbox/setup-intents/:id/confirm/',
      {
        ...secured,
        schema: {
          ...schema,
          description:
            'Sandbox only (test mode, no real charge): confirms a setup intent with a card, as Stripe.js ' +
            "would. Stripe's test cards behave as at Stripe: 4242… succeeds, 4000…0002 is declined, " +
            '4000…9995 has insufficient funds, 4000…0341 is saved but fails when charged. 402 carries the ' +
            "processor's message. The card number is never stored.",
          params: z.object({ id: z.string().max(100) }),
          body: sandboxConfirmBody,
          response: { 200: confirmedSetupIntent, ...changeErrors },
        },
      },
      async (req) => billing.confirmSandboxSetupIntent(req.userId, req.params.id, req.body),
    );
  }

  app.post(
    '/billing/stripe/subscribe/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Subscribes to a paid price with a confirmed card and an optional promotion code. The first ' +
          'subscription of a learner starts with the plan’s trial; later ones are charged at once. Paying ' +
          'in BRL needs the full name and CPF saved (POST /auth/update-billing-info/), elsewhere the full ' +
          'name. Send an Idempotency-Key: a retry with it (even a concurrent one) gets the first answer ' +
          'and never charges twice.',
        headers: idempotencyHeaders,
        body: subscribeBody,
        response: { 201: subscription, ...changeErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await billing.subscribe(req.userId, req.body, req.headers['idempotency-key'])),
  );

  app.post(
    '/billing/stripe/promotion-code/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Checks a promotion code: its discount, or 400 billing.invalid-coupon (unknown or expired).',
        body: promotionCodeBody,
        response: { 200: couponOffer, ...changeErrors },
      },
    },
    async (req) => billing.promotionCode(req.userId, req.body.promotion_code),
  );

  app.get(
    '/billing/stripe/payment-methods/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "The learner's saved cards, the default first.",
        response: { 200: paymentMethodList, ...errors },
      },
    },
    async (req) => billing.paymentMethods(req.userId),
  );

  app.post(
    '/billing/stripe/payment-methods/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'Saves a card confirmed with a setup intent; the first card becomes the default.',
        body: addPaymentMethodBody,
        response: { 201: paymentMethod, ...changeErrors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await billing.addPaymentMethod(req.userId, req.body.payment_method_id, req.body.set_as_default),
        ),
  );

  app.put(
    '/billing/stripe/payment-methods/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Makes a card the default (it pays the subscription); its holder and expiry may be corrected.',
        body: updatePaymentMethodBody,
        response: { 200: paymentMethod, ...changeErrors },
      },
    },
    async (req) => billing.updatePaymentMethod(req.userId, req.body),
  );

  app.delete(
    '/billing/stripe/payment-methods/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Removes a card. 409 billing.payment-method-in-use for the only card of a subscription that renews.',
        querystring: deletePaymentMethodQuery,
        response: { ...noContent, ...changeErrors },
      },
    },
    async (req, reply) => {
      await billing.deletePaymentMethod(req.userId, req.query.payment_method_id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/billing/stripe/invoices/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "The learner's invoices, newest first.",
        response: { 200: invoiceList, ...errors },
      },
    },
    async (req) => billing.invoices(req.userId),
  );

  app.get(
    '/billing/stripe/offer-discount/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'The introductory offer the offer modal counts down to (20% off, 48 hours from the first time it ' +
          'is asked for); null for learners who have or had a subscription.',
        response: { 200: couponOffer.nullable(), ...changeErrors },
      },
    },
    async (req) => billing.offerDiscount(req.userId),
  );

  app.get(
    '/billing/stripe/cancel/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'What the cancel flow may offer: a 7-day trial extension (once, during a trial), 10% off the next ' +
          'month (once, on a paid plan), or the next cheaper paid plan (when the trial cannot be extended).',
        response: { 200: cancelOptions, ...changeErrors },
      },
    },
    async (req) => billing.cancelOptions(req.userId),
  );

  app.post(
    '/billing/stripe/cancel/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Exactly one of: apply_trial, apply_discount, downgrade_price_id, or reason (+ feedback) to cancel. ' +
          'Canceling a trial ends access at once; a paid plan keeps it until the period ends.',
        body: cancelBody,
        response: { 200: subscriptionChange, ...changeErrors },
      },
    },
    async (req) => billing.cancel(req.userId, req.body),
  );

  app.post(
    '/billing/stripe/reactivate/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Undoes the cancellation of a paid plan while its period lasts (409 billing.cannot-reactivate).',
        body: z.object({}).strict().optional(),
        response: { 200: subscriptionChange, ...changeErrors },
      },
    },
    async (req) => billing.reactivate(req.userId),
  );

  app.post(
    '/billing/stripe/change-plan/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Moves the subscription to another paid price in the same currency: to yearly (a new period starts, ' +
          'the unused part of the month is credited), or to another plan from the next renewal.',
        body: changePlanBody,
        response: { 200: subscriptionChange, ...changeErrors },
      },
    },
    async (req) => billing.changePlan(req.userId, req.body.price_id),
  );
};

/**
 * POST /billing/stripe/webhook/ (Stripe only): signed events, read as raw bytes so the signature
 * can be checked; each event is handled once whatever the order.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  billing: BillingService;
  parse: (raw: Buffer, signature: string | undefined) => Parameters<BillingService['handleEvent']>[0] | null;
}> = async (app, { billing, parse }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/billing/stripe/webhook/',
    {
      schema: {
        tags: ['billing'],
        description:
          "Stripe's webhook: checked against STRIPE_WEBHOOK_SECRET (300 s tolerance); an event delivered again, " +
          'or a payment reported twice (invoice.paid and invoice.payment_succeeded), is handled once.',
        response: { 200: z.object({ received: z.boolean() }), 400: errorResponse },
      },
    },
    async (req) => {
      let event;
      try {
        event = parse(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch {
        throw new AppError(400, 'billing.webhook-signature');
      }
      if (event) await billing.handleEvent(event);
      return { received: true };
    },
  );
};
