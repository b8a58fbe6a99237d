import { z } from 'zod';

/**
 * Page views and the key events of a learner's way through Lendo (DESIGN §5). The web sends them in
 * batches to POST /analytics/events/; by default they go to an events table in Lendo's own database
 * and nowhere else.
 */
export const ANALYTICS_EVENTS = [
  'page_view',
  'sign_up',
  'onboarding_completed',
  'chapter_finished',
  'flashcard_created',
  'review_session_finished',
  'checkout_started',
  'subscribed',
  'story_generated',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Events in one batch at most. */
export const ANALYTICS_BATCH_MAX = 20;

/** SPEC §9: a learner's analytics id is their public number, padded to 6 characters. */
export const analyticsIdOf = (number: number) => String(number).padStart(6, '0');

const invalid = { error: 'error.invalid-value' };
const property = z.union([z.string().max(200, invalid), z.number(), z.boolean()], invalid);

export const analyticsEvent = z.object({
  name: z.enum(ANALYTICS_EVENTS, invalid),
  /** The page's path (no query string: it may carry a token). */
  path: z
    .string(invalid)
    .max(300, invalid)
    .regex(/^\/[^?#\s]*$/, invalid)
    .optional(),
  properties: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, invalid), property, invalid)
    .refine((value) => Object.keys(value).length <= 10, invalid)
    .default({}),
});
export type AnalyticsEvent = z.input<typeof analyticsEvent>;

export const analyticsBatch = z
  .object({
    /** A random id the browser keeps, so a visit is one visit before and after signing in. */
    visitor: z.string(invalid).regex(/^[A-Za-z0-9-]{8,64}$/, invalid),
    events: z.array(analyticsEvent, invalid).min(1, invalid).max(ANALYTICS_BATCH_MAX, invalid),
  })
  .meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatch = z.input<typeof analyticsBatch>;
