import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDENTITY_PROVIDERS, authProviders, connectionList, errorResponse, redirectUrl } from '@lendo/shared';
import { authRateLimit } from '../../lib/auth-rate-limit.ts';
import type { DeviceCookies } from '../../lib/device-cookie.ts';
import type { GeoLocator } from '../billing/geo.ts';
import type { IdentityService } from './identity-service.ts';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  rateLimit: { max: number; windowSeconds: number };
  geo: GeoLocator;
  devices: DeviceCookies;
}> = async (app, { identity, rateLimit, geo, devices }) => {
  const tags = ['auth'];
  const secured = { tags, security: [{ bearer: [] }] };
  // Every start stores a sign-in in flight: limited per IP like the other sign-in routes.
  const limited = authRateLimit(app, rateLimit, () => null);
  const queryOf = (url: string) => new URL(url, 'http://localhost').search;
  // These pages are opened by the browser: even a refusal (too many attempts) is a redirect.
  const redirectOnError = {
    errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect(identity.signInFailed);
    },
  };

  app.get('/auth/providers/', { schema: { tags, response: { 200: authProviders } } }, async () => ({
    google: identity.enabled,
  }));

  app.get(
    '/auth/google/start/',
    {
      preHandler: limited,
      ...redirectOnError,
      schema: {
        tags,
        description:
          "Redirects the browser to Google's sign-in page (OpenID Connect with PKCE, state and nonce). " +
          'When Google is not configured or unreachable, to /login?error=profile.google-failed.',
      },
    },
    async (_req, reply) => reply.redirect(await identity.signInUrl()),
  );

  app.get(
    '/auth/google/callback/',
    {
      ...redirectOnError,
      schema: {
        tags,
        description:
          "Google's redirect back. Redirects the browser to /social-callback?token&refresh (base64 " +
          'access and refresh tokens) after a sign-in, to /settings/profile?connected=google after a ' +
          'link, and on any failure to /login?error=profile.google-failed (or ' +
          '/settings/profile?error=… when linking). Never answers with an error page.',
      },
    },
    async (req, reply) => {
      const { location, email } = await identity.callback(
        queryOf(req.url),
        req.headers['accept-language'],
        await geo.countryOf(req),
      );
      // A browser its owner signed in with is never slowed by sign-in throttling.
      if (email) devices.remember(reply, email);
      return reply.redirect(location);
    },
  );

  app.post(
    '/auth/google/link/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          "Google's page for linking a Google account to the caller; it comes back to " +
          '/settings/profile. 404 profile.google-failed when Google sign-in is not configured, 503 when Google cannot be reached.',
        response: { 200: redirectUrl, 503: errorResponse, ...errors },
      },
    },
    async (req) => ({ url: await identity.linkUrl(req.userId) }),
  );

  app.get(
    '/auth/connections/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description: "The caller's linked sign-in accounts.",
        response: { 200: connectionList, ...errors },
      },
    },
    async (req) => identity.connections(req.userId),
  );

  app.delete(
    '/auth/connections/:provider/',
    {
      onRequest: app.authenticate,
      schema: {
        ...secured,
        description:
          'Unlinks a sign-in account and answers the remaining ones. 409 profile.last-sign-in-method ' +
          'when it is the only way left to sign in (no password set).',
        params: z.object({ provider: z.enum(IDENTITY_PROVIDERS, { error: 'error.not-found' }) }),
        response: { 200: connectionList, ...errors },
      },
    },
    async (req) => identity.unlink(req.userId, req.params.provider),
  );
};
