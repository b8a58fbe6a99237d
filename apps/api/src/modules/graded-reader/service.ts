import {
  COMPREHENSION_PASS,
  LEARNING_LANGUAGES,
  LEVEL_FOR_PROFICIENCY,
  LEVELS,
  type ComprehensionCheck,
  type ComprehensionResult,
  type GradedReaderDashboard,
  type GradedReaderNotice,
  type LearningLanguage,
  type Level,
  type Me,
  type PathDetail,
  type PathSummary,
  type Streak,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import { localDay, startOfLocalDay, type Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { chapterIdFor } from '../stories/ids.ts';
import { settleDay } from './challenge-day.ts';
import { weekPeriod } from '../ranking/period.ts';
import { storyCoverUrl } from '../stories/service.ts';
import { addDays, mondayOf } from './days.ts';
import type { PointsLedger } from './ledger.ts';
import { levelProgress } from './levels.ts';
import type { QuestionBank } from './question-bank.ts';
import type { Rankings } from '../ranking/types.ts';
import { gradedReaderRepository as repo } from './repository.ts';
import { longestRun, runEndingOn } from './streak.ts';

export interface GradedReaderDeps {
  db: Db;
  clock: Clock;
  ledger: PointsLedger;
  rankings: Pick<Rankings, 'rankOf'>;
  questions: QuestionBank;
  /** The signed-in learner: learning language, proficiency and time zone. */
  userOf(userId: string): Promise<Me>;
  /** Where the API is served (/api), for the cover URLs. */
  apiPrefix: string;
}

type PathStoryRow = Awaited<ReturnType<typeof repo.pathStories>>[number];

/** A path id is `<language>-<level>`, e.g. `pt-pre-intermediate`; anything else names no path. */
function parsePathId(id: string): { language: LearningLanguage; level: Level } | null {
  const [language, ...rest] = id.split('-');
  const level = rest.join('-');
  const knownLanguage = LEARNING_LANGUAGES.find((l) => l === language);
  const knownLevel = LEVELS.find((l) => l === level);
  return knownLanguage && knownLevel ? { language: knownLanguage, level: knownLevel } : null;
}

/** The chapters of a path's stories in order, with the learner's passed checks. */
function walkPath(rows: PathStoryRow[], passed: Map<string, Set<string>>) {
  let previousCompleted = true;
  return rows.map((row) => {
    const done = passed.get(row.id) ?? new Set<string>();
    const chapterIds = Array.from({ length: row.chaptersCount }, (_, i) => chapterIdFor(row.slug, i + 1));
    const completed = chapterIds.every((id) => done.has(id));
    const step = {
      row,
      chaptersCompleted: chapterIds.filter((id) => done.has(id)).length,
      completed,
      unlocked: previousCompleted,
      nextChapterId: chapterIds.find((id) => !done.has(id)) ?? null,
    };
    previousCompleted = completed;
    return step;
  });
}

function summaryOf(
  language: LearningLanguage,
  level: Level,
  steps: ReturnType<typeof walkPath>,
): PathSummary {
  return {
    id: `${language}-${level}`,
    language,
    level,
    stories_count: steps.length,
    stories_completed: steps.filter((s) => s.completed).length,
    chapters_count: steps.reduce((sum, s) => sum + s.row.chaptersCount, 0),
    chapters_completed: steps.reduce((sum, s) => sum + s.chaptersCompleted, 0),
  };
}

/**
 * The graded reader (pro or above; routes check access): the dashboard of the day, reading
 * paths, comprehension checks and the notices the web shows as modals.
 */
export function createGradedReaderService({
  db,
  clock,
  ledger,
  rankings,
  questions,
  userOf,
  apiPrefix,
}: GradedReaderDeps) {
  async function streakOf(userId: string, today: string): Promise<Streak> {
    const days = await repo.doneDays(db, userId);
    const done = new Set(days);
    const todayDone = done.has(today);
    const monday = mondayOf(today);
    return {
      days: runEndingOn(done, todayDone ? today : addDays(today, -1)),
      longest: longestRun(days),
      today_done: todayDone,
      week: Array.from({ length: 7 }, (_, i) => addDays(monday, i)).map((day) => ({
        day,
        done: done.has(day),
      })),
    };
  }

  async function paths(userId: string, language: LearningLanguage, first: Level): Promise<PathSummary[]> {
    const rows = await repo.pathStories(db, language);
    const passed = await repo.passedByStory(
      db,
      userId,
      rows.map((row) => row.id),
    );
    const levels = [first, ...LEVELS.filter((level) => level !== first)];
    return levels
      .map((level) => rows.filter((row) => row.level === level))
      .filter((inLevel) => inLevel.length > 0)
      .map((inLevel) => summaryOf(language, inLevel[0]!.level as Level, walkPath(inLevel, passed)));
  }

  return {
    async dashboard(userId: string): Promise<GradedReaderDashboard> {
      const me = await userOf(userId);
      const now = clock.now();
      const today = localDay(now, me.timezone);
      const challenges = await db.transaction((tx) => settleDay(tx, userId, today, now));
      const language = me.learning_language ?? LEARNING_LANGUAGES[0];
      const [streak, points, weekPoints, rank, pathList] = await Promise.all([
        streakOf(userId, today),
        repo.totalOf(db, userId, 'points', 'all'),
        repo.totalOf(db, userId, 'points', weekPeriod(now)),
        rankings.rankOf(userId, { period: 'week', board: 'points', scope: 'world' }),
        paths(userId, language, LEVEL_FOR_PROFICIENCY[me.proficiency ?? 'other']),
      ]);
      return {
        challenges: {
          day: today,
          resets_at: startOfLocalDay(addDays(today, 1), me.timezone).toISOString(),
          challenges,
        },
        streak,
        level: levelProgress(points),
        week_rank: rank.rank,
        week_points: weekPoints,
        paths: pathList,
      };
    },

    /** One path: its stories in order, each unlocked once the one before is completed. */
    async path(userId: string, pathId: string): Promise<PathDetail> {
      const parsed = parsePathId(pathId);
      if (!parsed) throw notFound();
      const { language, level } = parsed;
      const rows = await repo.pathStories(db, language, level);
      if (rows.length === 0) throw notFound();
      const steps = walkPath(
        rows,
        await repo.passedByStory(
          db,
          userId,
          rows.map((row) => row.id),
        ),
      );
      return {
        ...summaryOf(language, level, steps),
        stories: steps.map(({ row, chaptersCompleted, completed, unlocked, nextChapterId }) => ({
          id: row.id,
          slug: row.slug,
          title: row.title[language],
          description: row.description[language],
          cover_url: storyCoverUrl(apiPrefix, row.id, row.contentHash),
          chapters_count: row.chaptersCount,
          chapters_completed: chaptersCompleted,
          unlocked,
          completed,
          next_chapter_id: nextChapterId,
        })),
      };
    },

    /** A chapter's questions, without their answers, and how the learner did so far. */
    async check(userId: string, chapterId: string): Promise<ComprehensionCheck> {
      const check = questions.of(chapterId);
      if (!check) throw notFound();
      const result = await repo.result(db, userId, chapterId);
      return {
        chapter_id: chapterId,
        questions: check.questions.map(({ question, options }) => ({ question, options })),
        passed: result?.passedAt != null,
        attempts: result?.attempts ?? 0,
      };
    },

    /**
     * Answers a chapter's check. Passing (COMPREHENSION_PASS right) completes the chapter and pays
     * its points, once; passing the last unpassed chapter of a story pays the story's. Retries are
     * allowed and pay nothing more.
     */
    async answer(userId: string, chapterId: string, answers: number[]): Promise<ComprehensionResult> {
      const check = questions.of(chapterId);
      if (!check) throw notFound();
      const wrongIndex = answers.findIndex((choice, i) => choice >= check.questions[i]!.options.length);
      if (wrongIndex >= 0)
        throw badRequest('error.invalid-value', { [`answers.${wrongIndex}`]: 'error.invalid-value' });
      const results = check.questions.map((q, i) => ({ correct: answers[i] === q.answer, answer: q.answer }));
      const score = results.filter((r) => r.correct).length;
      const passed = score >= COMPREHENSION_PASS;
      const { storyId } = check;
      const awarded = await ledger.transaction(async (tx) => {
        await repo.saveAttempt(tx, { userId, chapterId, storyId, score, passed }, clock.now());
        if (!passed) return 0;
        let points = await ledger.record(tx, userId, [{ kind: 'chapter', key: `chapter:${chapterId}` }]);
        const done = (await repo.passedByStory(tx, userId, [storyId])).get(storyId)?.size ?? 0;
        if (done >= check.storyChapters) {
          points += await ledger.record(tx, userId, [{ kind: 'story', key: `story:${storyId}` }]);
        }
        return points;
      });
      return { results, score, passed, points_awarded: awarded };
    },

    /** The notices the learner has not seen, oldest first. */
    async notices(userId: string): Promise<GradedReaderNotice[]> {
      const rows = await repo.unseenNotices(db, userId);
      return rows.map(
        (row) => ({ id: row.id, kind: row.kind, ...(row.payload as object) }) as GradedReaderNotice,
      );
    },

    async seen(userId: string, noticeId: string): Promise<void> {
      if (!(await repo.markSeen(db, userId, noticeId, clock.now()))) throw notFound();
    },
  };
}

export type GradedReaderService = ReturnType<typeof createGradedReaderService>;
