import { POINTS, REMEMBERED_POINTS, levelForPoints, type PointsKind } from '@lendo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { localDay, type Clock } from '../../lib/clock.ts';
import { lruMap } from '../../lib/lru.ts';
import { settleDay } from './challenge-day.ts';
import { CHALLENGE_KIND } from './challenges.ts';
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

/** What the ledger needs of a learner: their local day and their country's ranking. */
export interface Learner {
  timezone: string;
  country: string | null;
}

type EarnedTotals = Awaited<ReturnType<typeof repo.earn>>;

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

  /**
   * After new points: the level of the learner's all-time points on each of their totals rows, and
   * a notice when it is a new level. The learner's totals rows are locked from the ledger's write
   * to commit, so this sees every earlier event.
   */
  async function settleLevel(tx: Executor, userId: string, totals: EarnedTotals, now: Date) {
    const allTime = totals.find((row) => row.board === 'points' && row.period === 'all')!;
    const level = levelForPoints(allTime.points);
    if (totals.some((row) => row.level !== level)) await repo.updateTotalsOf(tx, userId, { level });
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

  /**
   * Records events of learners in the caller's transaction (open it with `transaction` so the
   * rankings hear of it on commit): their ledger rows and totals in one statement, then for each
   * learner who earned points (in the order of their ids) the level and the day's challenges.
   * An entry may bring its learner's time zone and country (the cached account), which spares
   * reading them. Returns the points (points board) each learner's new rows earned; a learner
   * every one of whose events was paid already is left out.
   */
  async function recordMany(
    tx: Executor,
    entries: Array<{ userId: string; events: PointsEvent[]; learner?: Learner }>,
  ): Promise<Map<string, number>> {
    const eventsOf = new Map<string, Map<string, PointsEvent>>();
    const known = new Map<string, Learner>();
    for (const { userId, events, learner } of entries) {
      if (learner) known.set(userId, learner);
      for (const event of events) {
        const mine = eventsOf.get(userId) ?? eventsOf.set(userId, new Map()).get(userId)!;
        mine.set(event.key, event);
      }
    }
    const earned = new Map<string, number>();
    if (eventsOf.size === 0) return earned;
    // Learners not given are read, and one deleted meanwhile is paid nothing. (A caller gives the
    // learners whose rows it wrote in this transaction, so they exist.)
    const unknown = [...eventsOf.keys()].filter((id) => !known.has(id));
    const learners =
      unknown.length === 0 ? known : new Map([...known, ...(await repo.learners(tx, unknown))]);
    const userIds = [...eventsOf.keys()].filter((id) => learners.has(id)).sort();
    if (userIds.length === 0) return earned;
    const now = clock.now();
    const days = new Map(userIds.map((id) => [id, localDay(now, learners.get(id)!.timezone)]));
    const totals = await repo.earn(
      tx,
      userIds.flatMap((userId) =>
        [...eventsOf.get(userId)!.values()].map((event) => ({
          userId,
          board: boardOf(event.kind),
          kind: event.kind,
          key: event.key,
          points: pointsOf(event.kind),
          localDay: days.get(userId)!,
          country: learners.get(userId)!.country,
        })),
      ),
      ['all', weekPeriod(now)],
      now,
    );
    for (const userId of userIds) {
      const mine = totals.filter((row) => row.user_id === userId);
      const points = mine.find((row) => row.board === 'points');
      if (!points) {
        if (mine.length > 0) earned.set(userId, 0);
        continue;
      }
      await settleLevel(tx, userId, mine, now);
      const day = days.get(userId)!;
      const kinds = [...eventsOf.get(userId)!.values()].map((event) => event.kind);
      if (challengesMayChange(userId, day, kinds)) {
        const challenges = await settleDay(tx, userId, day, now);
        const open = challenges.filter((c) => !c.completed).map((c) => CHALLENGE_KIND[c.type]);
        settledIn.get(tx)?.push({ key: `${userId}:${day}`, open: new Set(open) });
      }
      earned.set(userId, points.earned);
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
      const settled: Array<{ key: string; open: Set<string> }> = [];
      const result = await db.transaction(async (tx) => {
        touched.set(tx, users);
        settledIn.set(tx, settled);
        return work(tx);
      });
      for (const { key, open } of settled) openKinds.set(key, open);
      if (users.size > 0) await tell([...users]);
      return result;
    },
  };
}

export type PointsLedger = ReturnType<typeof createPointsLedger>;
