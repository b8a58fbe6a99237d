import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, wordContext, wordContextQuery } from '@lendo/shared';
import type { WordContextService } from './service.ts';

export const wordContextRoutes: FastifyPluginAsyncZod<{ wordContext: WordContextService }> = async (
  app,
  { wordContext: service },
) => {
  app.get(
    '/ai/word-context/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['language'],
        security: [{ bearer: [] }],
        description:
          "A word explained in its sentence, in the user's translation language: by the language model " +
          'when one is configured, otherwise from the dictionary and authored translations.',
        querystring: wordContextQuery,
        response: { 200: wordContext, 400: errorResponse, 401: errorResponse, 503: errorResponse },
      },
    },
    async (req) => service.explain(req.userId, req.query),
  );
};
