import { sql } from 'drizzle-orm';
import {
  LEVELS,
  RANKING_NEIGHBOURS,
  RANKING_TOP,
  levelForPoints,
  type Level,
  type Ranking,
  type RankingEntry,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { periodKey, weekStart } from './period.ts';
import { redisStandingSource } from './redis-source.ts';
import { sqlStandingSource } from './sql-source.ts';
import type { Board, Period, Ranked, Rankings, Scope, Standing, StandingSource } from './types.ts';

export interface RankingQuery {
  period: Period;
  board: Board;
  scope: Scope;
  level?: Level;
  country?: string;
}

export interface RankingsDeps {
  db: Db;
  clock: Clock;
  /** With a Redis URL, sorted sets shared by every API instance; otherwise points_totals in SQL. */
  redisUrl?: string;
  /** Key prefix in Redis (tests use their own). */
  redisPrefix?: string;
}

/** How long (real time) a ranked learner's name, avatar, country and level are reused. */
const DETAILS_TTL_MS = 5_000;
const DETAILS_KEPT = 10_000;

interface Details {
  username: string;
  avatar_url: string | null;
  country: string | null;
  level: Level;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isLevel = (value: string | null | undefined): value is Level => LEVELS.includes(value as Level);

interface Learner {
  country: string | null;
  level: Level;
  /** The learner's row of the asked board and period. */
  points: number | null;
  rowCountry: string | null;
  rowLevel: string | null;
}

/**
 * The rankings (issue 13): this week (since Monday 00:00 UTC) or all time, on the points or the
 * remembered board, for the world, a country or a level. Ties share a rank.
 */
export function createRankings({ db, clock, redisUrl, redisPrefix }: RankingsDeps) {
  const source: StandingSource = redisUrl
    ? redisStandingSource(db, clock, redisUrl, redisPrefix)
    : sqlStandingSource(db, RANKING_TOP);

  /** The learner's country and level, and their row of one board and period. */
  async function learnerOf(userId: string, board: Board, period: string): Promise<Learner> {
    const [row] = rows<{
      country: string | null;
      all_points: number | null;
      points: number | null;
      row_country: string | null;
      row_level: string | null;
    }>(
      await db.execute(sql`
        select u.country, a.points as all_points, t.points, t.country as row_country, t.level as row_level
        from users u
        left join points_totals a on a.user_id = u.id and a.board = 'points' and a.period = 'all'
        left join points_totals t on t.user_id = u.id and t.board = ${board} and t.period = ${period}
        where u.id = ${userId}`),
    );
    return {
      country: row?.country ?? null,
      level: levelForPoints(row?.all_points ?? 0),
      points: row?.points ?? null,
      rowCountry: row?.row_country ?? null,
      rowLevel: row?.row_level ?? null,
    };
  }

  function standingOf(
    q: { board: Board; period: Period; scope: Scope; level?: Level; country?: string },
    learner: Learner,
  ): Standing {
    const period = periodKey(q.period, clock.now());
    const filter =
      q.scope === 'country'
        ? (q.country ?? learner.country)
        : q.scope === 'level'
          ? (q.level ?? learner.level)
          : null;
    return { board: q.board, period, scope: q.scope, filter };
  }

  /** Whether the learner's row is on this standing (their country or level may differ from its filter). */
  const isOn = (s: Standing, learner: Learner) =>
    learner.points !== null &&
    (s.scope === 'world' ||
      (s.scope === 'country' && learner.rowCountry === s.filter) ||
      (s.scope === 'level' && learner.rowLevel === s.filter));

  /**
   * Names, avatars, countries and levels of ranked learners (active accounts only), each kept for
   * a few seconds: the same hundred are shown to everyone.
   */
  const details = new Map<string, { details: Details | null; at: number }>();
  async function detailsOf(ids: string[]): Promise<Map<string, Details>> {
    const now = performance.now();
    const missing = ids.filter((id) => {
      const known = details.get(id);
      return !known || now - known.at >= DETAILS_TTL_MS;
    });
    if (missing.length > 0) {
      const found = rows<{
        id: string;
        username: string;
        avatar_url: string | null;
        country: string | null;
        level: string | null;
      }>(
        await db.execute(sql`
          select u.id, u.username, u.avatar_url, u.country, a.level
          from users u
          left join points_totals a on a.user_id = u.id and a.board = 'points' and a.period = 'all'
          where u.deactivated_at is null and u.id in (${sql.join(
            missing.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      );
      if (details.size > DETAILS_KEPT) details.clear();
      for (const id of missing) details.set(id, { details: null, at: now });
      for (const row of found) {
        details.set(row.id, {
          details: {
            username: row.username,
            avatar_url: row.avatar_url,
            country: row.country,
            level: isLevel(row.level) ? row.level : 'elementary',
          },
          at: now,
        });
      }
    }
    const out = new Map<string, Details>();
    for (const id of ids) {
      const known = details.get(id)?.details;
      if (known) out.set(id, known);
    }
    return out;
  }

  async function ranking(userId: string, q: RankingQuery): Promise<Ranking> {
    const period = periodKey(q.period, clock.now());
    const learner = await learnerOf(userId, q.board, period);
    const standing = standingOf(q, learner);
    const empty = standing.scope !== 'world' && standing.filter === null;
    const [top, total] = empty
      ? [[], 0]
      : await Promise.all([source.top(standing, RANKING_TOP), source.total(standing)]);
    const on = !empty && isOn(standing, learner);
    const inTop = top.some((entry) => entry.userId === userId);
    const around: Ranked[] =
      on && !inTop ? await source.around(standing, userId, learner.points!, RANKING_NEIGHBOURS) : [];
    const meRanked: Ranked | null = on
      ? (top.find((entry) => entry.userId === userId) ??
        around.find((entry) => entry.userId === userId) ?? {
          userId,
          points: learner.points!,
          rank: await source.rankOfPoints(standing, learner.points!),
        })
      : null;
    const known = await detailsOf([
      ...new Set([...top, ...around].map((entry) => entry.userId).concat(userId)),
    ]);
    const entry = (ranked: Ranked): RankingEntry | null => {
      const who = known.get(ranked.userId);
      return who
        ? {
            rank: ranked.rank,
            user_id: ranked.userId,
            ...who,
            points: ranked.points,
            is_me: ranked.userId === userId,
          }
        : null;
    };
    const entries = (list: Ranked[]) => list.map(entry).filter((e): e is RankingEntry => e !== null);
    return {
      period: q.period,
      board: q.board,
      scope: q.scope,
      country: standing.scope === 'country' ? standing.filter : null,
      level: standing.scope === 'level' && isLevel(standing.filter) ? standing.filter : null,
      since: q.period === 'week' ? weekStart(clock.now()).toISOString() : null,
      total,
      top: entries(top),
      around_me: entries(around),
      me: meRanked ? entry(meRanked) : null,
    };
  }

  const rankings: Rankings & { ranking: typeof ranking } = {
    ranking,
    async changed(ids) {
      // A learner's level or country may have changed with their points.
      for (const id of ids) details.delete(id);
      await source.changed([...new Set(ids)]);
    },
    async rankOf(userId, q) {
      const period = periodKey(q.period, clock.now());
      const learner = await learnerOf(userId, q.board, period);
      const standing = standingOf(q, learner);
      if (!isOn(standing, learner)) return { rank: null, points: learner.points ?? 0 };
      return { rank: await source.rankOfPoints(standing, learner.points!), points: learner.points! };
    },
    close: () => source.close(),
  };
  return rankings;
}

export type RankingsService = ReturnType<typeof createRankings>;
export type { Rankings };

declare module 'fastify' {
  interface FastifyInstance {
    /** The rankings of this app (tests tell them of points they seed straight into points_totals). */
    rankings: RankingsService;
  }
}
