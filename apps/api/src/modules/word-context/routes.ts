import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, wordContext, wordContextQuery } from '@lendo/shared';
import type { EntitlementsService } from '../entitlements/service.ts';
import type { WordContextService } from './service.ts';

export const wordContextRoutes: FastifyPluginAsyncZod<{
  wordContext: WordContextService;
  entitlements: EntitlementsService;
}> = async (app, { wordContext: service, entitlements }) => {
  app.get(
    '/ai/word-context/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['language'],
        security: [{ bearer: [] }],
        description:
          "A word explained in its sentence, in the user's translation language: by the language model " +
          'when one is configured, otherwise from the dictionary and authored translations. Each answer ' +
          "counts as one of the plan's monthly translations (403 limits.translations once they are used up).",
        querystring: wordContextQuery,
        response: {
          200: wordContext,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (req) =>
      entitlements.metered(req.userId, 'translations', () => service.explain(req.userId, req.query)),
  );
};
