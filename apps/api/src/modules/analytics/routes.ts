import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsBatch, errorResponse } from '@lendo/shared';
import { tooManyRequests } from '../../lib/errors.ts';
import type { AnalyticsService } from './service.ts';

/** Batches a browser may send per minute. */
const BATCHES_PER_MINUTE = 600;

export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  const perIp = app.createRateLimit({
    max: BATCHES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `analytics:${req.ip}`,
  });
  app.post(
    '/analytics/events/',
    {
      // Anyone may send page views; a token, when sent, must be good, and the events are then the learner's.
      onRequest: async (req) => {
        if (req.headers.authorization) await app.authenticate(req);
      },
      preHandler: async (req) => {
        const limit = await perIp(req);
        if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests();
      },
      schema: {
        tags: ['analytics'],
        description:
          'Page views and key events of the web app (at most 20 per batch), as the signed-in ' +
          "learner's when a token is sent. By default they are kept in Lendo's own database (ANALYTICS_SINK).",
        body: analyticsBatch,
        response: {
          204: z.null().describe('Recorded; no body.'),
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (req, reply) => {
      await analytics.record(req.userId || null, req.body);
      return reply.code(204).send(null);
    },
  );
};
