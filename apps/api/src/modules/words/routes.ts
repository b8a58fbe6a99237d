import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, wordsQuery, wordUseCases } from '@lendo/shared';
import type { WordsService } from './service.ts';

export const wordsRoutes: FastifyPluginAsyncZod<{ words: WordsService }> = async (app, { words }) => {
  app.get(
    '/words',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['language'],
        security: [{ bearer: [] }],
        description: "Example sentences for a word in any of its forms, translated into the user's language.",
        querystring: wordsQuery,
        response: { 200: wordUseCases, 400: errorResponse, 401: errorResponse, 503: errorResponse },
      },
    },
    async (req) => words.useCases(req.userId, req.query),
  );
};
