import { POINTS, REMEMBERED_POINTS, levelForPoints, type PointsKind } from '@lendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { localDay, type Clock } from '../../lib/clock.ts';
import { lruMap } from '../../lib/lru.ts';
import { settleDay } from './challenge-day.ts';
import { CHALLENGE_KIND } from './challenges.ts';
import { weekPeriod } from '../ranking/period.ts';
import type { Rankings } from '../ranking/types.ts';
import { gradedReaderRepository as repo, type PaidTotal, type PayingRow } from './repository.ts';

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

/** What the ledger needs of a learner: their local day and their country's ranking. */
export interface Learner {
  timezone: string;
  country: string | null;
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

  /**
   * For learners' days whose challenges were settled lately, the ledger kinds that count for a
   * challenge not completed yet. Completion only ever comes once and the day's challenges never
   * change once drawn, so events of no such kind cannot change the day: its settling is skipped.
   * Kept only from committed transactions.
   */
  const openKinds = lruMap<string, Set<string>>(10_000);
  const settledIn = new WeakMap<Executor, Array<{ key: string; open: Set<string> }>>();
  const challengesMayChange = (userId: string, day: string, kinds: string[]) => {
    const open = openKinds.get(`${userId}:${day}`);
    return !open || kinds.some((kind) => open.has(kind));
  };

  const tell = (ids: string[]) =>
    rankings.changed(ids).catch((err: unknown) => log.warn({ err }, 'rankings update failed'));

  /** A learner's events (by key) and the answers' logs each is paid for (none: paid as it is). */
  type Entry = { userId: string; events: PointsEvent[]; logId?: string };

  /**
   * The ledger rows of `entries`' events, those of learners in `learners`, each event once per
   * learner (with the logs of every entry that brought it); with the learners, in the order of
   * their ids, their local days and the kinds of their events.
   */
  function ledgerRows(entries: Entry[], learners: Map<string, Learner>, now: Date) {
    const eventsOf = new Map<string, Map<string, { kind: PointsEvent['kind']; logIds: string[] | null }>>();
    for (const { userId, events, logId } of entries) {
      if (!learners.has(userId)) continue;
      const mine = eventsOf.get(userId) ?? eventsOf.set(userId, new Map()).get(userId)!;
      for (const { kind, key } of events) {
        const logIds = mine.get(key)?.logIds ?? (logId ? [] : null);
        if (logId) logIds!.push(logId);
        mine.set(key, { kind, logIds });
      }
    }
    const userIds = [...eventsOf.keys()].sort();
    const days = new Map(userIds.map((id) => [id, localDay(now, learners.get(id)!.timezone)]));
    const rows: PayingRow[] = userIds.flatMap((userId) =>
      [...eventsOf.get(userId)!].map(([key, { kind, logIds }]) => ({
        userId,
        logIds,
        board: boardOf(kind),
        kind,
        key,
        points: pointsOf(kind),
        localDay: days.get(userId)!,
        country: learners.get(userId)!.country,
      })),
    );
    const kindsOf = (userId: string) => [...eventsOf.get(userId)!.values()].map((event) => event.kind);
    return { rows, userIds, days, kindsOf };
  }

  /**
   * After the ledger rows of `rows` were paid with `paid` (the totals they changed): each learner's
   * points earned, and what is left to settle for them: their level (its notice when it is new)
   * and the day's challenges, each only when it may have changed.
   */
  function afterPaid({ userIds, days, kindsOf }: ReturnType<typeof ledgerRows>, paid: PaidTotal[]) {
    const earned = new Map<string, number>();
    const settling: Array<{ userId: string; totals: PaidTotal[]; day: string | null }> = [];
    for (const userId of userIds) {
      const totals = paid.filter((row) => row.user_id === userId);
      const points = totals.find((row) => row.board === 'points' && row.period === 'all');
      if (!points) {
        if (totals.length > 0) earned.set(userId, 0);
        continue;
      }
      earned.set(userId, points.earned);
      const level = levelForPoints(points.points);
      const levelChanged =
        totals.some((row) => row.level !== level) || levelForPoints(points.points - points.earned) !== level;
      const day = days.get(userId)!;
      const dayMayChange = challengesMayChange(userId, day, kindsOf(userId));
      if (levelChanged || dayMayChange)
        settling.push({ userId, totals: levelChanged ? totals : [], day: dayMayChange ? day : null });
    }
    return { earned, settling };
  }

  /** Settles what afterPaid left to settle, in `tx`. */
  async function settle(tx: Executor, settling: ReturnType<typeof afterPaid>['settling'], now: Date) {
    for (const { userId, totals, day } of settling) {
      const allTime = totals.find((row) => row.board === 'points' && row.period === 'all');
      if (allTime) {
        // The level of the points the learner has now (another write may have added some).
        await repo.updateTotalsOf(tx, userId, {
          level: levelForPoints(await repo.totalOf(tx, userId, 'points', 'all')),
        });
        const level = levelForPoints(allTime.points);
        if (levelForPoints(allTime.points - allTime.earned) !== level) {
          await repo.insertNotice(tx, {
            userId,
            kind: 'level_up',
            key: `level:${level}`,
            payload: { level, points: allTime.points },
            createdAt: now,
          });
        }
      }
      if (day) {
        const challenges = await settleDay(tx, userId, day, now);
        const open = challenges.filter((c) => !c.completed).map((c) => CHALLENGE_KIND[c.type]);
        settledIn.get(tx)?.push({ key: `${userId}:${day}`, open: new Set(open) });
      }
    }
  }

  /**
   * Records events of a learner in the caller's transaction (open it with `transaction` so the
   * rankings hear of it on commit): their ledger rows and totals in one statement, then the level
   * and the day's challenges where they may have changed. Returns the points (points board) the
   * new rows earned: none for events paid already, or for a learner deleted meanwhile.
   */
  async function record(tx: Executor, userId: string, events: PointsEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const learners = await repo.learners(tx, [userId]);
    const now = clock.now();
    const planned = ledgerRows([{ userId, events }], learners, now);
    if (planned.rows.length === 0) return 0;
    const paid = await repo.earn(tx, planned.rows, ['all', weekPeriod(now)], now);
    const { earned, settling } = afterPaid(planned, paid);
    await settle(tx, settling, now);
    if (!earned.has(userId)) return 0;
    const pending = touched.get(tx);
    if (pending) pending.add(userId);
    else await tell([userId]);
    return earned.get(userId)!;
  }

  /** A transaction whose ledger writes are told to the rankings once it commits. */
  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const users = new Set<string>();
    const settled: Array<{ key: string; open: Set<string> }> = [];
    const result = await db.transaction(async (tx) => {
      touched.set(tx, users);
      settledIn.set(tx, settled);
      return work(tx);
    });
    for (const { key, open } of settled) openKinds.set(key, open);
    if (users.size > 0) await tell([...users]);
    return result;
  }

  return {
    record,

    /**
     * The points of answers saved by one statement, paid by that same statement (no transaction
     * around it): `ctes` are its common table expressions that pay each entry's events if its log
     * is among the statement's `saved_logs(log_id)` (see the repository's payingCtes); `settled`,
     * given the statement's `paid` totals, settles levels and challenges where they may have changed
     * (in a transaction of their own, rarely), tells the rankings, and returns the points each
     * learner earned. A failure to settle is logged, not thrown: the answers are saved, and a day's
     * challenges are settled again when they are read.
     */
    payAlong(entries: Array<Entry & { learner: Learner; logId: string }>) {
      const now = clock.now();
      const learners = new Map(entries.map((entry) => [entry.userId, entry.learner]));
      const planned = ledgerRows(entries, learners, now);
      return {
        ctes: repo.payingCtes(planned.rows, ['all', weekPeriod(now)], now),
        settled: async (paid: PaidTotal[]) => {
          const { earned, settling } = afterPaid(planned, paid);
          if (settling.length > 0) {
            await transaction((tx) => settle(tx, settling, now)).catch((err: unknown) =>
              log.warn({ err }, 'settling points failed'),
            );
          }
          if (earned.size > 0) await tell([...earned.keys()]);
          return earned;
        },
      };
    },

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

    transaction,
  };
}

export type PointsLedger = ReturnType<typeof createPointsLedger>;
