import { POINTS, REMEMBERED_POINTS, levelForPoints, type PointsKind } from '@lendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { localDay, type Clock } from '../../lib/clock.ts';
import { settleDay } from './challenge-day.ts';
import { weekPeriod } from '../ranking/period.ts';
import type { Rankings } from '../ranking/types.ts';
import { gradedReaderRepository as repo } from './repository.ts';

/** A domain event that pays points, named by a key unique per learner (DESIGN §5, issue 13). */
export interface PointsEvent {
  kind: PointsKind | 'remembered';
  key: string;
}

export interface PointsLedgerDeps {
  db: Db;
  clock: Clock;
  rankings: Pick<Rankings, 'changed'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const boardOf = (kind: PointsEvent['kind']) => (kind === 'remembered' ? 'remembered' : 'points');
const pointsOf = (kind: PointsEvent['kind']) => (kind === 'remembered' ? REMEMBERED_POINTS : POINTS[kind]);

/**
 * The points ledger: append-only rows, one per event, with the learner's totals (all time and
 * this week, per board) kept in the same transaction for exactly the rows inserted, so an event
 * retried or sent twice at once pays once. Writing also settles the day's challenges and tells of
 * a level reached.
 */
export function createPointsLedger({ db, clock, rankings, log }: PointsLedgerDeps) {
  /** Learners whose points changed in each open transaction, told to the rankings on commit. */
  const touched = new WeakMap<Executor, Set<string>>();

  const tell = (ids: string[]) =>
    rankings.changed(ids).catch((err: unknown) => log.warn({ err }, 'rankings update failed'));

  /**
   * Adds what the new rows earned to the learner's totals (all time and this week, per board) in
   * one statement. From there to commit the learner's totals rows are locked, so what follows in
   * the transaction (the level, the day's challenges) sees every earlier event: keep it short.
   */
  async function addToTotals(
    tx: Executor,
    userId: string,
    country: string | null,
    boards: Map<string, number>,
    now: Date,
  ) {
    const periods = ['all', weekPeriod(now)];
    const earned = boards.get('points') ?? 0;
    // The level of rows made now (a new week, a first board): with points earned, a guess the
    // all-time total corrects below; without, the level the learner has.
    const level0 = levelForPoints(earned > 0 ? earned : await repo.totalOf(tx, userId, 'points', 'all'));
    const rows = await repo.addTotals(
      tx,
      userId,
      [...boards].flatMap(([board, points]) => periods.map((period) => ({ board, period, points }))),
      { country, level: level0 },
      now,
    );
    if (earned === 0) return;
    const allTime = rows.find((row) => row.board === 'points' && row.period === 'all')!.points;
    const level = levelForPoints(allTime);
    if (rows.some((row) => row.level !== level)) await repo.updateTotalsOf(tx, userId, { level });
    if (levelForPoints(allTime - earned) !== level) {
      await repo.insertNotice(tx, {
        userId,
        kind: 'level_up',
        key: `level:${level}`,
        payload: { level, points: allTime },
        createdAt: now,
      });
    }
  }

  /**
   * Records events of a learner in the caller's transaction (open it with `transaction` so the
   * rankings hear of it on commit). Returns the points (points board) the new rows earned: 0
   * when every event was paid already.
   */
  async function record(tx: Executor, userId: string, events: PointsEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const learner = await repo.learner(tx, userId);
    if (!learner) return 0;
    const now = clock.now();
    const day = localDay(now, learner.timezone);
    const inserted = await repo.insertLedger(
      tx,
      events.map((event) => ({
        userId,
        board: boardOf(event.kind),
        kind: event.kind,
        key: event.key,
        points: pointsOf(event.kind),
        localDay: day,
        createdAt: now,
      })),
    );
    if (inserted.length === 0) return 0;
    const boards = new Map<string, number>();
    for (const row of inserted) boards.set(row.board, (boards.get(row.board) ?? 0) + row.points);
    await addToTotals(tx, userId, learner.country, boards, now);
    if (boards.has('points')) await settleDay(tx, userId, day, now);
    const pending = touched.get(tx);
    if (pending) pending.add(userId);
    else await tell([userId]);
    return boards.get('points') ?? 0;
  }

  return {
    record,

    /**
     * Pays a progress report of a chapter: each page up to `page`, and each whole minute the
     * learner has read today (reading time is stored before this is called).
     */
    async recordReading(tx: Executor, userId: string, chapterId: string, page: number) {
      const learner = await repo.learner(tx, userId);
      if (!learner) return 0;
      const day = localDay(clock.now(), learner.timezone);
      const minutes = Math.floor((await repo.readingSecondsOfDay(tx, userId, day)) / 60);
      const paid = (await repo.countsOfDay(tx, userId, day)).get('reading') ?? 0;
      const events: PointsEvent[] = [];
      for (let n = 1; n <= page; n += 1) events.push({ kind: 'page', key: `page:${chapterId}:${n}` });
      for (let m = paid + 1; m <= minutes; m += 1)
        events.push({ kind: 'reading', key: `reading:${day}:${m}` });
      return record(tx, userId, events);
    },

    /** Moves a learner's ranking rows to their new country (null: none) and tells the rankings. */
    async moveCountry(userId: string, country: string | null) {
      await repo.updateTotalsOf(db, userId, { country });
      await tell([userId]);
    },

    /** A transaction whose ledger writes are told to the rankings once it commits. */
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const users = new Set<string>();
      const result = await db.transaction(async (tx) => {
        touched.set(tx, users);
        return work(tx);
      });
      if (users.size > 0) await tell([...users]);
      return result;
    },
  };
}

export type PointsLedger = ReturnType<typeof createPointsLedger>;
