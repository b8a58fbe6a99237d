import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  markKnownBody,
  markKnownResult,
  wordLookupBody,
  wordLookupResult,
  wordStatusBody,
  wordStatusMap,
  wordStatusQuery,
  wordStatusResult,
  wordStatusSummary,
} from '@lendo/shared';
import type { WordStatusService } from './service.ts';

const errors = { 400: errorResponse, 401: errorResponse };

export const wordStatusRoutes: FastifyPluginAsyncZod<{ wordStatus: WordStatusService }> = async (
  app,
  { wordStatus },
) => {
  const base = { tags: ['words'], security: [{ bearer: [] }] };

  app.get(
    '/words/statuses/',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        description: 'Every word of a language the learner has a status for (a word not listed is new).',
        querystring: wordStatusQuery,
        response: { 200: wordStatusMap, ...errors },
      },
    },
    async (req) => wordStatus.map(req.userId, req.query.language),
  );

  app.put(
    '/words/statuses/',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        description: "Sets a word's status: new (forgets it), learning, known or ignored.",
        body: wordStatusBody,
        response: { 200: wordStatusResult, ...errors },
      },
    },
    async (req) => wordStatus.set(req.userId, req.body),
  );

  app.post(
    '/words/statuses/known/',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        description: 'Marks the given words known, those that are still new only ("the rest of this page").',
        body: markKnownBody,
        response: { 200: markKnownResult, ...errors },
      },
    },
    async (req) => wordStatus.markNewKnown(req.userId, req.body),
  );

  app.get(
    '/words/statuses/summary/',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        description: 'How many words the learner knows and is learning, per language.',
        response: { 200: wordStatusSummary, 401: errorResponse },
      },
    },
    async (req) => wordStatus.summary(req.userId),
  );

  app.post(
    '/words/lookups/',
    {
      onRequest: app.authenticate,
      schema: {
        ...base,
        description:
          'The learner looked a word up while reading: a new word becomes learning, and a due card of ' +
          'the word counts as a lapse (answered "again"), since reading counts as review.',
        body: wordLookupBody,
        response: { 200: wordLookupResult, ...errors },
      },
    },
    async (req) => wordStatus.lookedUp(req.userId, req.body),
  );
};
