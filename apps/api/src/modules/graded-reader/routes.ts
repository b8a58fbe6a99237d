import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  comprehensionAnswers,
  comprehensionCheck,
  comprehensionResult,
  errorResponse,
  gradedReaderDashboard,
  gradedReaderNotice,
  idParams,
  pathDetail,
} from '@lendo/shared';
import type { EntitlementsService } from '../entitlements/service.ts';
import { requireGradedReader } from './access.ts';
import type { GradedReaderService } from './service.ts';

const errors = { 401: errorResponse, 403: errorResponse };
const pathParams = z.object({ id: z.string().max(64) });

export const gradedReaderRoutes: FastifyPluginAsyncZod<{
  gradedReader: GradedReaderService;
  entitlements: Pick<EntitlementsService, 'hasAccess'>;
}> = async (app, { gradedReader, entitlements }) => {
  const secured = { onRequest: [app.authenticate, requireGradedReader(entitlements)] };
  const schema = { tags: ['graded-reader'], security: [{ bearer: [] }] };

  app.get(
    '/graded-reader/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          "The dashboard: today's three challenges (drawn on the first read of the learner's local day) " +
          'with progress and reset time, the streak, points and level, this week’s rank and the paths of ' +
          'the learning language (their level first). 403 limits.graded-reader below pro.',
        response: { 200: gradedReaderDashboard, ...errors },
      },
    },
    async (req) => gradedReader.dashboard(req.userId),
  );

  app.get(
    '/graded-reader/paths/:id/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'A reading path (`<language>-<level>`): its stories in order, each unlocked by the one before.',
        params: pathParams,
        response: { 200: pathDetail, 404: errorResponse, ...errors },
      },
    },
    async (req) => gradedReader.path(req.userId, req.params.id),
  );

  app.get(
    '/graded-reader/chapters/:id/check/',
    {
      ...secured,
      schema: {
        ...schema,
        description: "A chapter's comprehension check: its questions and options, never the answers.",
        params: idParams,
        response: { 200: comprehensionCheck, 404: errorResponse, ...errors },
      },
    },
    async (req) => gradedReader.check(req.userId, req.params.id),
  );

  app.post(
    '/graded-reader/chapters/:id/check/',
    {
      ...secured,
      schema: {
        ...schema,
        description:
          'Answers the check (the chosen option per question). Two right of three pass it: the chapter ' +
          'is completed and pays its points once (the story’s too with its last chapter); retries pay nothing.',
        params: idParams,
        body: comprehensionAnswers,
        response: { 200: comprehensionResult, 400: errorResponse, 404: errorResponse, ...errors },
      },
    },
    async (req) => gradedReader.answer(req.userId, req.params.id, req.body.answers),
  );

  app.get(
    '/graded-reader/notices/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'Challenge, streak and level-up notices the learner has not seen, oldest first.',
        response: { 200: z.array(gradedReaderNotice), ...errors },
      },
    },
    async (req) => gradedReader.notices(req.userId),
  );

  app.post(
    '/graded-reader/notices/:id/seen/',
    {
      ...secured,
      schema: {
        ...schema,
        description: 'Marks a notice seen.',
        params: idParams,
        response: { 204: z.null().describe('Done; no body.'), 404: errorResponse, ...errors },
      },
    },
    async (req, reply) => {
      await gradedReader.seen(req.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
