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
/** A ledger row to pay, with its learner's country (for new totals rows) and the logs it is paid for. */
export type PayingRow = Omit<NewLedgerRow, 'createdAt'> & { country: string | null; logIds: string[] | null };
/** A learner's totals row that new ledger rows changed, and what they earned on its board. */
export type PaidTotal = {
  user_id: string;
  board: string;
  period: string;
  points: number;
  level: string;
  earned: number;
};
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

  /**
   * Inserts ledger rows, skipping keys their learner has been paid for, and adds what the new rows
   * earned to each learner's totals (every board, in the periods `periods`), in one statement;
   * returns the totals that changed with what they earned now (see payingCtes).
   */
  async earn(db: Executor, rows: PayingRow[], periods: string[], now: Date) {
    const { rows: paid } = await db.execute<PaidTotal>(sql`
      with saved_logs(log_id) as (select null::uuid where false),
      ${gradedReaderRepository.payingCtes(rows, periods, now)}
      select * from paid`);
    return paid;
  },

  /**
   * The common table expressions that pay ledger rows, for a statement that writes more: they
   * insert the rows, skipping keys their learner has been paid for, and add what the new rows
   * earned to each learner's totals (every board, in the periods `periods`); the last, `paid`, has
   * the totals that changed with what they earned now. A row that names logs is paid only if one of
   * them is in `saved_logs(log_id)`, which the statement defines before these. New totals rows get
   * the learner's country and the level their all-time points row has (the level of no points
   * without one); existing rows keep theirs (the ledger sets a new level once it knows it). The
   * totals are written in the order of the learners' ids, so two such statements never wait on
   * each other in a circle.
   */
  payingCtes(rows: PayingRow[], periods: string[], now: Date) {
    const input = JSON.stringify(
      rows.map((row) => ({
        user_id: row.userId,
        log_ids: row.logIds,
        board: row.board,
        kind: row.kind,
        key: row.key,
        points: row.points,
        local_day: row.localDay,
        country: row.country,
      })),
    );
    return sql`
      r as (
        select * from json_to_recordset(${input}::json) as r(user_id uuid, log_ids uuid[],
          board text, kind text, key text, points int, local_day date, country text)
        where r.log_ids is null or exists (select 1 from saved_logs s where s.log_id = any(r.log_ids))
      ),
      ins as (
        insert into ${pointsLedger} (user_id, board, kind, key, points, local_day, created_at)
        select r.user_id, r.board, r.kind, r.key, r.points, r.local_day, ${now} from r
        on conflict (user_id, key) do nothing
        returning user_id, board, points
      ),
      earned as (
        select ins.user_id, ins.board, sum(ins.points)::int as points,
          (select r.country from r where r.user_id = ins.user_id limit 1) as country
        from ins group by ins.user_id, ins.board
      ),
      up as (
        insert into ${pointsTotals} as t (user_id, board, period, points, country, level, updated_at)
        select e.user_id, e.board, p.period, e.points, e.country,
          coalesce((select k.level from ${pointsTotals} k
            where k.user_id = e.user_id and k.board = 'points' and k.period = 'all'), ${levelForPoints(0)}),
          ${now}
        from earned e cross join unnest(${`{${periods.join(',')}}`}::text[]) as p(period)
        order by e.user_id, e.board, p.period
        on conflict (user_id, board, period) do update
          set points = t.points + excluded.points, country = excluded.country, updated_at = excluded.updated_at
        returning t.user_id, t.board, t.period, t.points, t.level
      ),
      paid as (
        select up.user_id, up.board, up.period, up.points, up.level, e.points as earned
        from up join earned e on e.user_id = up.user_id and e.board = up.board
      )`;
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
