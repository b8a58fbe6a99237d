import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, ranking, rankingQuery } from '@lendo/shared';
import type { EntitlementsService } from '../entitlements/service.ts';
import { requireGradedReader } from '../graded-reader/access.ts';
import type { RankingsService } from './service.ts';

export const rankingRoutes: FastifyPluginAsyncZod<{
  rankings: RankingsService;
  entitlements: Pick<EntitlementsService, 'hasAccess'>;
}> = async (app, { rankings, entitlements }) => {
  app.get(
    '/ranking/',
    {
      onRequest: [app.authenticate, requireGradedReader(entitlements)],
      schema: {
        tags: ['graded-reader'],
        security: [{ bearer: [] }],
        description:
          'A ranking: this week (since Monday 00:00 UTC) or all time, on the points board or the ' +
          '"remembered" board (reviews answered right a day or more after the last), for the world, a ' +
          "country or a level (by default the learner's own). The top 100 (ties share a rank: 1, 2, 2, 4), " +
          'and the learner with two neighbours either side when outside it. 403 limits.graded-reader below pro.',
        querystring: rankingQuery,
        response: { 200: ranking, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => rankings.ranking(req.userId, req.query),
  );
};
