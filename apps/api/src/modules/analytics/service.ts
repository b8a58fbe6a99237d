import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { analyticsIdOf, type analyticsBatch } from '@lendo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

type Batch = z.output<typeof analyticsBatch>;
type Event = Batch['events'][number];

/** One event as a sink receives it. */
export interface RecordedEvent extends Event {
  userId: string | null;
  analyticsId: string | null;
  visitor: string;
  at: Date;
}

/** Where events go (ANALYTICS_SINK): Lendo's own table by default, the log, or nowhere. */
export interface AnalyticsSink {
  record(events: RecordedEvent[]): Promise<void>;
}

export function databaseSink(db: Db): AnalyticsSink {
  return {
    async record(events) {
      await db.insert(analyticsEvents).values(
        events.map((e) => ({
          userId: e.userId,
          analyticsId: e.analyticsId,
          visitor: e.visitor,
          name: e.name,
          path: e.path ?? null,
          properties: e.properties,
          createdAt: e.at,
        })),
      );
    },
  };
}

export function logSink(log: FastifyBaseLogger): AnalyticsSink {
  return {
    async record(events) {
      for (const { userId: _user, ...event } of events) log.info({ analytics: event }, 'analytics event');
    },
  };
}

export const noSink: AnalyticsSink = { record: async () => undefined };

export function createAnalyticsService({ db, clock, sink }: { db: Db; clock: Clock; sink: AnalyticsSink }) {
  return {
    /** Records a batch from a browser, as the signed-in learner's when `userId` is given. */
    async record(userId: string | null, batch: Batch) {
      let analyticsId: string | null = null;
      if (userId) {
        const [user] = await db.select({ number: users.number }).from(users).where(eq(users.id, userId));
        analyticsId = user ? analyticsIdOf(user.number) : null;
      }
      const at = clock.now();
      await sink.record(
        batch.events.map((event) => ({ ...event, userId, analyticsId, visitor: batch.visitor, at })),
      );
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
