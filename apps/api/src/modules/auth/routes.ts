import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  errorResponse,
  me,
  messageResponse,
  onboardingBody,
  refreshBody,
  resetPasswordBody,
  signinBody,
  signupBody,
  tokenPair,
} from '@lendo/shared';
import { authRateLimit } from '../../lib/auth-rate-limit.ts';
import { untilClientGone } from '../../lib/client-gone.ts';
import type { DeviceCookies } from '../../lib/device-cookie.ts';
import type { GeoLocator } from '../billing/geo.ts';
import type { AuthService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  rateLimit: { max: number; windowSeconds: number };
  /** Tells the country a sign-up comes from (the country ranking's default). */
  geo: GeoLocator;
  /** Browsers the owner signed in with: never throttled by others' attempts on the account. */
  devices: DeviceCookies;
}> = async (app, { auth, rateLimit, geo, devices }) => {
  const limited = authRateLimit(app, rateLimit);
  const signinLimited = authRateLimit(app, rateLimit, undefined, {
    trusted: (req, email) => devices.knows(req, email),
  });
  /** Anonymous calls that hash a password with a token rather than an email: limited per IP. */
  const limitedByIp = authRateLimit(app, rateLimit, () => null);
  const tags = ['auth'];
  const secured = { tags, security: [{ bearer: [] }] };

  app.post(
    '/auth/signup/',
    { preHandler: limited, schema: { tags, body: signupBody, response: { 201: tokenPair, ...errors } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await auth.signup({ ...req.body, country: await geo.countryOf(req) }, untilClientGone(reply))),
  );

  app.post(
    '/auth/signin/',
    {
      preHandler: signinLimited,
      schema: {
        tags,
        description: 'Signs in; signing in to a deactivated account restores it.',
        body: signinBody,
        response: { 200: tokenPair, ...errors },
      },
    },
    async (req, reply) => {
      const tokens = await auth.signin(req.body, untilClientGone(reply));
      devices.remember(reply, req.body.email);
      return tokens;
    },
  );

  app.post(
    '/auth/token/refresh/',
    { schema: { tags, body: refreshBody, response: { 200: tokenPair, ...errors } } },
    async (req) => auth.refresh(req.body.refresh),
  );

  app.post(
    '/auth/logout/',
    { schema: { tags, body: refreshBody, response: { 200: messageResponse, 400: errorResponse } } },
    async (req) => {
      await auth.logout(req.body.refresh);
      return { message: 'Signed out.' };
    },
  );

  app.post(
    '/auth/reset-password/',
    {
      preHandler: limited,
      schema: { tags, body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
    },
    async (req) => {
      await auth.requestPasswordReset(req.body.email);
      return { message: 'If an account exists for this email, a link to reset the password is on its way.' };
    },
  );

  app.post(
    '/auth/change-password/',
    {
      preHandler: limitedByIp,
      schema: { tags, body: changePasswordBody, response: { 200: messageResponse, ...errors } },
    },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { message: 'Password changed.' };
    },
  );

  app.get(
    '/auth/me/',
    { onRequest: app.authenticate, schema: { ...secured, response: { 200: me, 401: errorResponse } } },
    async (req) => auth.me(req.userId),
  );

  app.post(
    '/auth/onboarding/',
    {
      onRequest: app.authenticate,
      schema: { ...secured, body: onboardingBody, response: { 200: me, ...errors } },
    },
    async (req) => auth.completeOnboarding(req.userId, req.body),
  );
};
