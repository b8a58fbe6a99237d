import { z } from 'zod';
import { LEARNING_LANGUAGES, LEVELS, type Level } from './constants.ts';

/**
 * The graded reader (SPEC §1–§4, DESIGN §5): reading paths per language and level, comprehension
 * checks, a points ledger, three daily challenges, a streak, levels and rankings. Pro or above.
 */

/** Points per domain event (DESIGN §5). `reading` is per minute read. */
export const POINTS = {
  page: 5,
  chapter: 20,
  story: 50,
  flashcard: 2,
  deck: 5,
  deck_review: 10,
  word_learned: 3,
  reading: 1,
} as const;
export type PointsKind = keyof typeof POINTS;

/** Points on the "remembered" board for a review answered right at an interval of a day or more. */
export const REMEMBERED_POINTS = 1;
export const REMEMBERED_MIN_INTERVAL_DAYS = 1;

/** All-time points at which each level starts (DESIGN §5). */
export const LEVEL_THRESHOLDS: Record<Level, number> = {
  elementary: 0,
  'pre-intermediate': 500,
  intermediate: 1500,
  'upper-intermediate': 3500,
  advanced: 7000,
};

/** The level that `points` all-time points reach. */
export function levelForPoints(points: number): Level {
  let reached: Level = 'elementary';
  for (const level of LEVELS) if (points >= LEVEL_THRESHOLDS[level]) reached = level;
  return reached;
}

export const DAILY_CHALLENGE_TYPES = [
  'complete_page',
  'complete_chapter',
  'complete_story',
  'create_flashcard',
  'create_deck',
  'review_deck',
  'learn_word',
  'read_for_time',
] as const;
export type DailyChallengeType = (typeof DAILY_CHALLENGE_TYPES)[number];
export const DAILY_CHALLENGES_PER_DAY = 3;

/** Comprehension questions per chapter, and the right answers that pass the check. */
export const COMPREHENSION_QUESTIONS = 3;
export const COMPREHENSION_PASS = 2;

/** Rankings show the top this many, plus the learner and these many neighbours either side. */
export const RANKING_TOP = 100;
export const RANKING_NEIGHBOURS = 2;

export const RANKING_PERIODS = ['week', 'all'] as const;
export const RANKING_BOARDS = ['points', 'remembered'] as const;
export const RANKING_SCOPES = ['world', 'country', 'level'] as const;

const level = z.enum(LEVELS);
const isoDate = z.string();

/** GET /graded-reader/ — the dashboard. 403 limits.graded-reader without pro. */
export const dailyChallenge = z
  .object({
    slot: z.number().int(),
    type: z.enum(DAILY_CHALLENGE_TYPES),
    target: z.number().int(),
    progress: z.number().int(),
    completed: z.boolean(),
  })
  .meta({ id: 'DailyChallenge' });
export type DailyChallenge = z.infer<typeof dailyChallenge>;

export const challengesOfDay = z
  .object({
    /** The learner's local day (YYYY-MM-DD) and when it ends (ISO instant): the reset timer. */
    day: isoDate,
    resets_at: z.string(),
    challenges: z.array(dailyChallenge),
  })
  .meta({ id: 'ChallengesOfDay' });
export type ChallengesOfDay = z.infer<typeof challengesOfDay>;

export const streak = z
  .object({
    /** Consecutive local days, up to today (or yesterday while today is open), with a challenge done. */
    days: z.number().int(),
    longest: z.number().int(),
    today_done: z.boolean(),
    /** The current week, Monday first, in the learner's time zone: was a challenge done that day. */
    week: z.array(z.object({ day: isoDate, done: z.boolean() })),
  })
  .meta({ id: 'Streak' });
export type Streak = z.infer<typeof streak>;

export const levelProgress = z
  .object({
    points: z.number().int(),
    level,
    /** The next level and the all-time points where it starts; null at the top. */
    next_level: level.nullable(),
    next_level_points: z.number().int().nullable(),
    /** Points of the current level's threshold, for a progress bar. */
    level_points: z.number().int(),
  })
  .meta({ id: 'LevelProgress' });
export type LevelProgress = z.infer<typeof levelProgress>;

export const pathSummary = z
  .object({
    /** `<language>-<level>`, e.g. `en-elementary`. */
    id: z.string(),
    language: z.enum(LEARNING_LANGUAGES),
    level,
    stories_count: z.number().int(),
    stories_completed: z.number().int(),
    chapters_count: z.number().int(),
    chapters_completed: z.number().int(),
  })
  .meta({ id: 'GradedReaderPath' });
export type PathSummary = z.infer<typeof pathSummary>;

export const gradedReaderDashboard = z
  .object({
    challenges: challengesOfDay,
    streak,
    level: levelProgress,
    /** This week's rank on the world points board; null before the first point of the week. */
    week_rank: z.number().int().nullable(),
    week_points: z.number().int(),
    /** The paths of the learning language, the learner's own level first. */
    paths: z.array(pathSummary),
  })
  .meta({ id: 'GradedReaderDashboard' });
export type GradedReaderDashboard = z.infer<typeof gradedReaderDashboard>;

/** GET /graded-reader/paths/{id}/ — one path: its stories in order, each unlocked by the one before. */
export const pathStory = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover_url: z.string(),
  chapters_count: z.number().int(),
  chapters_completed: z.number().int(),
  unlocked: z.boolean(),
  completed: z.boolean(),
  /** The first chapter whose check is not passed yet (null when completed), to continue from. */
  next_chapter_id: z.string().nullable(),
});
export const pathDetail = pathSummary
  .extend({ stories: z.array(pathStory) })
  .meta({ id: 'GradedReaderPathDetail' });
export type PathDetail = z.infer<typeof pathDetail>;

/** GET /graded-reader/chapters/{id}/check/ — the questions, without their answers. */
export const comprehensionCheck = z
  .object({
    chapter_id: z.string(),
    questions: z.array(z.object({ question: z.string(), options: z.array(z.string()) })),
    passed: z.boolean(),
    attempts: z.number().int(),
  })
  .meta({ id: 'ComprehensionCheck' });
export type ComprehensionCheck = z.infer<typeof comprehensionCheck>;

/** POST /graded-reader/chapters/{id}/check/ with the chosen option per question. */
export const comprehensionAnswers = z.object({
  answers: z.array(z.number().int().min(0).max(5)).length(COMPREHENSION_QUESTIONS),
});
export const comprehensionResult = z
  .object({
    /** Per question: right or not, and the right option. */
    results: z.array(z.object({ correct: z.boolean(), answer: z.number().int() })),
    score: z.number().int(),
    passed: z.boolean(),
    /** Points this attempt earned (chapter, and story when it was the last chapter); 0 on a retry. */
    points_awarded: z.number().int(),
  })
  .meta({ id: 'ComprehensionResult' });
export type ComprehensionResult = z.infer<typeof comprehensionResult>;

/** GET /graded-reader/notices/ — unseen modals; POST /graded-reader/notices/{id}/seen/. */
export const gradedReaderNotice = z
  .discriminatedUnion('kind', [
    z.object({ id: z.string(), kind: z.literal('challenge'), challenge: dailyChallenge }),
    z.object({ id: z.string(), kind: z.literal('level_up'), level, points: z.number().int() }),
    z.object({
      id: z.string(),
      kind: z.literal('streak'),
      /** continued: the streak grew to `days`; broken: it had ended at `previous` and starts again at 1. */
      outcome: z.enum(['continued', 'broken']),
      days: z.number().int(),
      previous: z.number().int(),
    }),
  ])
  .meta({ id: 'GradedReaderNotice' });
export type GradedReaderNotice = z.infer<typeof gradedReaderNotice>;

/** GET /ranking/?period=week|all&board=points|remembered&scope=world|country|level */
export const rankingQuery = z.object({
  period: z.enum(RANKING_PERIODS).default('week'),
  board: z.enum(RANKING_BOARDS).default('points'),
  scope: z.enum(RANKING_SCOPES).default('world'),
  /** For scope=level: which level (default: the learner's). For scope=country: ISO code (default: the learner's). */
  level: level.optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});
export const rankingEntry = z.object({
  /** Ties share a rank (1, 2, 2, 4). */
  rank: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  avatar_url: z.string().nullable(),
  country: z.string().nullable(),
  level,
  points: z.number().int(),
  is_me: z.boolean(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;
export const ranking = z
  .object({
    period: z.enum(RANKING_PERIODS),
    board: z.enum(RANKING_BOARDS),
    scope: z.enum(RANKING_SCOPES),
    country: z.string().nullable(),
    level: level.nullable(),
    /** Start of the week (Monday 00:00 UTC) for period=week, else null. */
    since: z.string().nullable(),
    total: z.number().int(),
    top: z.array(rankingEntry),
    /** The learner and RANKING_NEIGHBOURS either side when the learner is outside the top; else []. */
    around_me: z.array(rankingEntry),
    me: rankingEntry.nullable(),
  })
  .meta({ id: 'Ranking' });
export type Ranking = z.infer<typeof ranking>;
