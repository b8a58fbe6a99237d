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
    // all-time total corrects below; without, the level the learner has (kept on their totals).
    const level0 = earned > 0 ? levelForPoints(earned) : null;
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
   * Records events of learners in the caller's transaction (open it with `transaction` so the
   * rankings hear of it on commit): their ledger rows in one statement, then each learner's totals
   * (in the order of their ids, so two such transactions never wait on each other in a circle).
   * Returns the points (points board) each learner's new rows earned; a learner every one of whose
   * events was paid already is left out.
   */
  async function recordMany(
    tx: Executor,
    entries: Array<{ userId: string; events: PointsEvent[] }>,
  ): Promise<Map<string, number>> {
    const eventsOf = new Map<string, Map<string, PointsEvent>>();
    for (const { userId, events } of entries) {
      for (const event of events) {
        const mine = eventsOf.get(userId) ?? eventsOf.set(userId, new Map()).get(userId)!;
        mine.set(event.key, event);
      }
    }
    const earned = new Map<string, number>();
    if (eventsOf.size === 0) return earned;
    const learners = await repo.learners(tx, [...eventsOf.keys()]);
    // In the order of their ids; a learner deleted meanwhile is paid nothing.
    const userIds = [...learners.keys()].sort();
    if (userIds.length === 0) return earned;
    const now = clock.now();
    const days = new Map(userIds.map((id) => [id, localDay(now, learners.get(id)!.timezone)]));
    const inserted = await repo.insertLedger(
      tx,
      userIds.flatMap((userId) =>
        [...eventsOf.get(userId)!.values()].map((event) => ({
          userId,
          board: boardOf(event.kind),
          kind: event.kind,
          key: event.key,
          points: pointsOf(event.kind),
          localDay: days.get(userId)!,
          createdAt: now,
        })),
      ),
    );
    for (const userId of userIds) {
      const boards = new Map<string, number>();
      for (const row of inserted) {
        if (row.userId === userId) boards.set(row.board, (boards.get(row.board) ?? 0) + row.points);
      }
      if (boards.size === 0) continue;
      await addToTotals(tx, userId, learners.get(userId)!.country, boards, now);
      if (boards.has('points')) await settleDay(tx, userId, days.get(userId)!, now);
      earned.set(userId, boards.get('points') ?? 0);
    }
    const pending = touched.get(tx);
    if (pending) for (const userId of earned.keys()) pending.add(userId);
    else if (earned.size > 0) await tell([...earned.keys()]);
    return earned;
  }

  /** Records events of one learner (see recordMany); returns the points their new rows earned. */
  const record = async (tx: Executor, userId: string, events: PointsEvent[]) =>
    (await recordMany(tx, [{ userId, events }])).get(userId) ?? 0;

  return {
    record,
    recordMany,

    /**
     * Pays a progress report of a chapter: each page up to `page`, and each whole minute the
     * learner has read today (reading time is stored before this is called).
     */
    async recordReading(tx: Executor, userId: string, chapterId: string, page: number) {
      const learner = (await repo.learners(tx, [userId])).get(userId);
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
