import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, featureAccess, featureAccessQuery, usageSummary } from '@lendo/shared';
import type { EntitlementsService } from './service.ts';

export const entitlementsRoutes: FastifyPluginAsyncZod<{ entitlements: EntitlementsService }> = async (
  app,
  { entitlements },
) => {
  const schema = { tags: ['billing'], security: [{ bearer: [] }] };

  app.get(
    '/billing/feature-access/',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema,
        description:
          "Whether the learner's plan lets them use a feature now: create_flashcard, translation, audio " +
          'and ai_sentence while this UTC month has some left, create_deck below the deck allowance, ' +
          'graded_reader by plan.',
        querystring: featureAccessQuery,
        response: { 200: featureAccess, 400: errorResponse, 401: errorResponse },
      },
    },
    async (req) => ({ has_access: await entitlements.hasAccess(req.userId, req.query.feature) }),
  );

  app.get(
    '/billing/usage/',
    {
      onRequest: app.authenticate,
      schema: {
        ...schema,
        description: "The learner's plan and this UTC month's use of each meter against its allowance.",
        response: { 200: usageSummary, 401: errorResponse },
      },
    },
    async (req) => entitlements.usage(req.userId),
  );
};
