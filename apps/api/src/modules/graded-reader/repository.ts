import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { levelForPoints } from '@lendo/shared';
import type { Executor } from '../../db/client.ts';
import {
  comprehensionResults,
  dailyChallenges,
  gradedReaderNotices,
  pointsLedger,
  pointsTotals,
  stories,
  readingSessions,
  users,
} from '../../db/schema.ts';

export type NewLedgerRow = typeof pointsLedger.$inferInsert;
export type ChallengeRow = typeof dailyChallenges.$inferSelect;
export type NoticeRow = typeof gradedReaderNotices.$inferSelect;

/** The only SQL of the graded reader: ledger, totals, challenges, notices, comprehension, paths. */
export const gradedReaderRepository = {
  /** Time zone and country of each learner of `userIds` that exists. */
  async learners(db: Executor, userIds: string[]) {
    const rows = await db
      .select({ id: users.id, timezone: users.timezone, country: users.country })
      .from(users)
      .where(inArray(users.id, userIds));
    return new Map(rows.map(({ id, ...learner }) => [id, learner]));
  },

  /** Inserts ledger rows, skipping keys the learner has been paid for; returns those inserted. */
  async insertLedger(db: Executor, rows: NewLedgerRow[]) {
    return db
      .insert(pointsLedger)
      .values(rows)
      .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.key] })
      .returning({ userId: pointsLedger.userId, board: pointsLedger.board, points: pointsLedger.points });
  },

  /**
   * Adds points to a learner's totals, each (board, period) once, in one statement; returns the
   * new totals. New rows get `level`, or when it is null the level the learner's all-time points
   * row has (the level of no points without one); existing rows keep theirs (the ledger sets a new
   * level on all of them once it knows it).
   */
  async addTotals(
    db: Executor,
    userId: string,
    totals: Array<{ board: string; period: string; points: number }>,
    { country, level }: { country: string | null; level: string | null },
    now: Date,
  ) {
    const kept = sql<string>`coalesce((select ${pointsTotals.level} from ${pointsTotals}
      where ${pointsTotals.userId} = ${userId} and ${pointsTotals.board} = 'points'
        and ${pointsTotals.period} = 'all'), ${levelForPoints(0)})`;
    return db
      .insert(pointsTotals)
      .values(totals.map((total) => ({ userId, ...total, country, level: level ?? kept, updatedAt: now })))
      .onConflictDoUpdate({
        target: [pointsTotals.userId, pointsTotals.board, pointsTotals.period],
        set: {
          points: sql`${pointsTotals.points} + excluded.points`,
          country: sql`excluded.country`,
          updatedAt: now,
        },
      })
      .returning({
        board: pointsTotals.board,
        period: pointsTotals.period,
        points: pointsTotals.points,
        level: pointsTotals.level,
      });
  },

  /** A learner's points on a board in a period (0 before the first). */
  async totalOf(db: Executor, userId: string, board: string, period: string) {
    const [row] = await db
      .select({ points: pointsTotals.points })
      .from(pointsTotals)
      .where(
        and(eq(pointsTotals.userId, userId), eq(pointsTotals.board, board), eq(pointsTotals.period, period)),
      );
    return row?.points ?? 0;
  },

  /** Copies a learner's level (or country) onto every totals row of theirs, for the ranking scopes. */
  async updateTotalsOf(db: Executor, userId: string, set: { level?: string; country?: string | null }) {
    await db.update(pointsTotals).set(set).where(eq(pointsTotals.userId, userId));
  },

  async setCountry(db: Executor, userId: string, country: string | null) {
    await db.update(users).set({ country }).where(eq(users.id, userId));
  },

  /** How many ledger rows of each kind (points board) a learner earned on a local day. */
  async countsOfDay(db: Executor, userId: string, day: string) {
    const rows = await db
      .select({ kind: pointsLedger.kind, count: count() })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.userId, userId),
          eq(pointsLedger.localDay, day),
          eq(pointsLedger.board, 'points'),
        ),
      )
      .groupBy(pointsLedger.kind);
    return new Map(rows.map((row) => [row.kind, row.count]));
  },

  /** Seconds a learner read on a local day. */
  async readingSecondsOfDay(db: Executor, userId: string, day: string) {
    const [row] = await db
      .select({ seconds: sql`coalesce(sum(${readingSessions.seconds}), 0)`.mapWith(Number) })
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, userId), eq(readingSessions.localDay, day)));
    return row?.seconds ?? 0;
  },

  /**
   * A learner's challenges of a day, each with the day's ledger rows per kind (points board) as
   * countsOfDay gives them, in one statement (none before the day's challenges are drawn).
   */
  async challengesWithCounts(db: Executor, userId: string, day: string) {
    const counts = sql<Record<string, number> | null>`(
      select json_object_agg(k.kind, k.n) from (
        select ${pointsLedger.kind} as kind, count(*)::int as n from ${pointsLedger}
        where ${pointsLedger.userId} = ${userId} and ${pointsLedger.localDay} = ${day}
          and ${pointsLedger.board} = 'points'
        group by ${pointsLedger.kind}) k)`;
    const rows = await db
      .select({ challenge: dailyChallenges, counts })
      .from(dailyChallenges)
      .where(and(eq(dailyChallenges.userId, userId), eq(dailyChallenges.localDay, day)))
      .orderBy(asc(dailyChallenges.slot));
    return {
      rows: rows.map((row) => row.challenge),
      counts: new Map(Object.entries(rows[0]?.counts ?? {})),
    };
  },

  /** Stores a day's drawn challenges unless they were drawn already (by a concurrent request). */
  async insertChallenges(db: Executor, rows: (typeof dailyChallenges.$inferInsert)[]) {
    await db.insert(dailyChallenges).values(rows).onConflictDoNothing();
  },

  /** Marks a challenge completed; false when it was already (so its notice is given once). */
  async completeChallenge(db: Executor, userId: string, day: string, slot: number, now: Date) {
    const rows = await db
      .update(dailyChallenges)
      .set({ completedAt: now })
      .where(
        and(
          eq(dailyChallenges.userId, userId),
          eq(dailyChallenges.localDay, day),
          eq(dailyChallenges.slot, slot),
          isNull(dailyChallenges.completedAt),
        ),
      )
      .returning({ slot: dailyChallenges.slot });
    return rows.length > 0;
  },

  /** The local days on which the learner completed at least one challenge, oldest first. */
  async doneDays(db: Executor, userId: string) {
    const rows = await db
      .selectDistinct({ day: dailyChallenges.localDay })
      .from(dailyChallenges)
      .where(and(eq(dailyChallenges.userId, userId), isNotNull(dailyChallenges.completedAt)))
      .orderBy(asc(dailyChallenges.localDay));
    return rows.map((row) => row.day);
  },

  /** Adds a notice unless the learner has one with the same key (each is told once). */
  async insertNotice(
    db: Executor,
    notice: { userId: string; kind: string; key: string; payload: unknown; createdAt: Date },
  ) {
    await db
      .insert(gradedReaderNotices)
      .values(notice)
      .onConflictDoNothing({ target: [gradedReaderNotices.userId, gradedReaderNotices.key] });
  },

  async unseenNotices(db: Executor, userId: string) {
    return db
      .select()
      .from(gradedReaderNotices)
      .where(and(eq(gradedReaderNotices.userId, userId), isNull(gradedReaderNotices.seenAt)))
      .orderBy(
        asc(gradedReaderNotices.createdAt),
        asc(gradedReaderNotices.kind),
        asc(gradedReaderNotices.key),
      );
  },

  /** Marks a learner's notice seen; false when they have no such notice. */
  async markSeen(db: Executor, userId: string, noticeId: string, now: Date) {
    const rows = await db
      .update(gradedReaderNotices)
      .set({ seenAt: sql`coalesce(${gradedReaderNotices.seenAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(gradedReaderNotices.userId, userId), eq(gradedReaderNotices.id, noticeId)))
      .returning({ id: gradedReaderNotices.id });
    return rows.length > 0;
  },

  async result(db: Executor, userId: string, chapterId: string) {
    const [row] = await db
      .select()
      .from(comprehensionResults)
      .where(and(eq(comprehensionResults.userId, userId), eq(comprehensionResults.chapterId, chapterId)));
    return row ?? null;
  },

  /** Counts an attempt at a chapter's check; the first passing one sets passed_at for good. */
  async saveAttempt(
    db: Executor,
    row: { userId: string; chapterId: string; storyId: string; score: number; passed: boolean },
    now: Date,
  ) {
    const passedAt = row.passed ? now : null;
    await db
      .insert(comprehensionResults)
      .values({
        userId: row.userId,
        chapterId: row.chapterId,
        storyId: row.storyId,
        attempts: 1,
        bestScore: row.score,
        passedAt,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [comprehensionResults.userId, comprehensionResults.chapterId],
        set: {
          attempts: sql`${comprehensionResults.attempts} + 1`,
          bestScore: sql`greatest(${comprehensionResults.bestScore}, excluded.best_score)`,
          passedAt: sql`coalesce(${comprehensionResults.passedAt}, excluded.passed_at)`,
          updatedAt: now,
        },
      });
  },

  /** Chapters whose check the learner passed, per story (of the given stories). */
  async passedByStory(db: Executor, userId: string, storyIds: string[]) {
    if (storyIds.length === 0) return new Map<string, Set<string>>();
    const rows = await db
      .select({ storyId: comprehensionResults.storyId, chapterId: comprehensionResults.chapterId })
      .from(comprehensionResults)
      .where(
        and(
          eq(comprehensionResults.userId, userId),
          inArray(comprehensionResults.storyId, storyIds),
          isNotNull(comprehensionResults.passedAt),
        ),
      );
    const passed = new Map<string, Set<string>>();
    for (const row of rows) {
      const chapters = passed.get(row.storyId) ?? new Set<string>();
      chapters.add(row.chapterId);
      passed.set(row.storyId, chapters);
    }
    return passed;
  },

  /**
   * The stories of the library in a language (and level), in path order: free stories first, then
   * by title.
   */
  async pathStories(db: Executor, language: string, level?: string) {
    return db
      .select({
        id: stories.id,
        slug: stories.slug,
        level: stories.level,
        title: stories.title,
        description: stories.description,
        contentHash: stories.contentHash,
        chaptersCount: stories.chaptersCount,
      })
      .from(stories)
      .where(
        and(
          eq(stories.language, language),
          level ? eq(stories.level, level) : undefined,
          isNull(stories.retiredAt),
          isNull(stories.ownerId),
        ),
      )
      .orderBy(desc(stories.free), asc(stories.sortTitle), asc(stories.slug));
  },
};
