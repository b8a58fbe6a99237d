import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readLearner, shownLevel } from './learner-query.ts';
import type { Ranked, Standing, StandingSource } from './types.ts';

/** A standing's points spread: distinct points, best first, and how many learners have more. */
interface Spread {
  points: number[];
  /** above[i]: learners with more than points[i]. */
  above: number[];
  total: number;
}

interface PageRow {
  part: 'top' | 'spread' | 'gone';
  user_id: string | null;
  points: number;
  n: number;
  username: string | null;
  avatar_url: string | null;
  country: string | null;
  level: string | null;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The points_totals rows of a standing (alias t). */
function inStanding(s: Standing): SQL {
  const base = sql`t.board = ${s.board} and t.period = ${s.period}`;
  if (s.scope === 'country') return sql`${base} and t.country = ${s.filter}`;
  if (s.scope === 'level') return sql`${base} and t.level = ${s.filter}`;
  return base;
}

/** Learners with more than `points` (binary search over the spread, best first). */
function countAbove(spread: Spread, points: number): number {
  let lo = 0;
  let hi = spread.points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spread.points[mid]! > points) lo = mid + 1;
    else hi = mid;
  }
  return lo < spread.points.length ? spread.above[lo]! : spread.total;
}

const byRank = (a: { points: number; userId: string }, b: { points: number; userId: string }) =>
  b.points - a.points || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/**
 * Rankings read from points_totals, each standing one range of its (board, period[, country |
 * level], points desc, user_id) index. A page is one statement: the top with names and avatars,
 * and the standing's points spread (an index-only pass grouped by points, less the few deactivated
 * accounts, found through their partial index). A learner's rank is then a binary search over the
 * spread, and the learner with their neighbours is one more (prepared) statement per request.
 */
export function sqlStandingSource(db: Db): StandingSource {
  const source: StandingSource = {
    learner: (userId, q, nearby) => readLearner(db, userId, q, nearby),

    async page(s, limit) {
      const where = inStanding(s);
      const found = rows<PageRow>(
        await db.execute(sql`
          with top as (
            select t.user_id, t.points from points_totals t
            where ${where}
              and not exists (select 1 from users d where d.id = t.user_id and d.deactivated_at is not null)
            order by t.points desc, t.user_id
            limit ${limit})
          select 'top' as part, top.user_id, top.points, 0 as n, u.username, u.avatar_url, u.country, a.level
          from top
          join users u on u.id = top.user_id
          left join points_totals a on a.user_id = top.user_id and a.board = 'points' and a.period = 'all'
          union all
          select 'spread', null, t.points, count(*)::int, null, null, null, null
          from points_totals t where ${where} group by t.points
          union all
          select 'gone', null, t.points, count(*)::int, null, null, null, null
          from users u join points_totals t on t.user_id = u.id
          where u.deactivated_at is not null and ${where}
          group by t.points`),
      );
      const less = new Map<number, number>();
      for (const row of found) if (row.part === 'gone') less.set(row.points, row.n);
      const counted = found
        .filter((row) => row.part === 'spread')
        .sort((a, b) => b.points - a.points)
        .map((row) => ({ points: row.points, n: row.n - (less.get(row.points) ?? 0) }))
        .filter((row) => row.n > 0);
      const spread: Spread = { points: [], above: [], total: 0 };
      for (const row of counted) {
        spread.points.push(row.points);
        spread.above.push(spread.total);
        spread.total += row.n;
      }
      const top: Ranked[] = found
        .filter((row) => row.part === 'top')
        .map((row) => ({
          userId: row.user_id!,
          points: row.points,
          rank: 1 + countAbove(spread, row.points),
          details: {
            username: row.username!,
            avatar_url: row.avatar_url,
            country: row.country,
            level: shownLevel(row.level),
          },
        }))
        .sort(byRank);
      return { top, total: spread.total, rankOf: (points) => 1 + countAbove(spread, points) };
    },

    async rankOfPoints(s, points) {
      // Pages answer ranks themselves; this counts, for a caller without one.
      return (await source.page(s, 0)).rankOf!(points);
    },

    async around(s, learner, neighbours, page) {
      // The learner's statement read the neighbours (RANKING_NEIGHBOURS either side, in the
      // standing's order) with the learner; fewer asked for here keeps the nearest.
      const rankOf = page.rankOf ?? (await source.page(s, 0)).rankOf!;
      const listed = [
        { userId: learner.userId, points: learner.points, details: learner.details ?? undefined },
        ...(learner.nearby ?? []),
      ].sort(byRank);
      const at = listed.findIndex((entry) => entry.userId === learner.userId);
      return listed
        .slice(Math.max(0, at - neighbours), at + neighbours + 1)
        .map((entry) => ({ ...entry, rank: rankOf(entry.points) }));
    },

    async changed() {
      // Nothing kept here: the service drops its pages.
    },
    async close() {},
  };
  return source;
}
