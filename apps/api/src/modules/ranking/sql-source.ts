import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Ranked, Standing, StandingSource } from './types.ts';

/** How long (real time) a standing read from the database is fresh when nothing said it changed. */
const STANDING_TTL_MS = 10_000;

/** A standing's points spread: distinct points, best first, and how many learners have more. */
interface Spread {
  points: number[];
  /** above[i]: learners with more than points[i]. */
  above: number[];
  total: number;
  top: Ranked[];
}

interface CacheEntry {
  spread: Promise<Spread>;
  at: number;
  ready: boolean;
  refreshing?: boolean;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The points_totals rows of a standing (alias t). */
function inStanding(s: Standing): SQL {
  const base = sql`t.board = ${s.board} and t.period = ${s.period}`;
  if (s.scope === 'country') return sql`${base} and t.country = ${s.filter}`;
  if (s.scope === 'level') return sql`${base} and t.level = ${s.filter}`;
  return base;
}

const active = sql`exists (select 1 from users u where u.id = t.user_id and u.deactivated_at is null)`;

/**
 * Rankings read from points_totals, each one range of its (board, period[, country | level],
 * points) index. A standing's top and points spread (one index range, grouped by points) are kept
 * for a few seconds and dropped as soon as `changed` is told of new points, so a learner's rank is
 * a binary search instead of a count over a hundred thousand rows per request.
 */
export function sqlStandingSource(db: Db, topLimit: number): StandingSource {
  const cache = new Map<string, CacheEntry>();
  const keyOf = (s: Standing) => `${s.board}|${s.period}|${s.scope}|${s.filter ?? ''}`;

  /** The deactivated accounts (a few; one scan of users), kept as long as a standing. */
  let inactive: { ids: Promise<string[]>; at: number } | null = null;
  function deactivated(): Promise<string[]> {
    if (!inactive || performance.now() - inactive.at >= STANDING_TTL_MS) {
      const entry = {
        ids: db
          .execute(sql`select id from users where deactivated_at is not null`)
          .then((result) => rows<{ id: string }>(result).map((row) => row.id)),
        at: performance.now(),
      };
      entry.ids.catch(() => {
        if (inactive === entry) inactive = null;
      });
      inactive = entry;
    }
    return inactive.ids;
  }

  async function load(s: Standing): Promise<Spread> {
    const where = inStanding(s);
    const top = rows<{ user_id: string; points: number }>(
      await db.execute(sql`
        select t.user_id, t.points from points_totals t
        where ${where} and ${active}
        order by t.points desc, t.user_id
        limit ${topLimit}`),
    );
    // The spread is one index-only range of the standing's points index, less the few deactivated
    // accounts (looked up by their ids) that it counts.
    const [spread, gone] = await Promise.all([
      db.execute(sql`
        select t.points, count(*)::int as n from points_totals t
        where ${where} group by t.points order by t.points desc`),
      deactivated().then(async (ids): Promise<unknown> =>
        ids.length === 0
          ? { rows: [] }
          : db.execute(sql`
              select t.points, count(*)::int as n from points_totals t
              where ${where} and t.user_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
              group by t.points`),
      ),
    ]);
    const less = new Map(rows<{ points: number; n: number }>(gone).map((row) => [row.points, row.n]));
    const points: number[] = [];
    const above: number[] = [];
    let seen = 0;
    for (const row of rows<{ points: number; n: number }>(spread)) {
      const n = row.n - (less.get(row.points) ?? 0);
      if (n <= 0) continue;
      points.push(row.points);
      above.push(seen);
      seen += n;
    }
    const result: Spread = { points, above, total: seen, top: [] };
    result.top = top.map((row) => ({
      userId: row.user_id,
      points: row.points,
      rank: 1 + countAbove(result, row.points),
    }));
    return result;
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

  /**
   * A standing's spread: read once, then reused; once older than the TTL the old one still answers
   * while one refresh runs. `changed` drops them all, so this instance never answers from before
   * points it was told of (other instances within the TTL).
   */
  async function spreadOf(s: Standing): Promise<Spread> {
    const key = keyOf(s);
    const cached = cache.get(key);
    if (cached?.ready && performance.now() - cached.at >= STANDING_TTL_MS && !cached.refreshing) {
      cached.refreshing = true;
      load(s).then(
        (spread) => {
          if (cache.get(key) === cached)
            cache.set(key, { spread: Promise.resolve(spread), at: performance.now(), ready: true });
        },
        () => {
          cached.refreshing = false;
        },
      );
    }
    if (cached) return cached.spread;
    const entry: CacheEntry = { spread: load(s), at: performance.now(), ready: false };
    cache.set(key, entry);
    entry.spread.then(
      () => {
        entry.ready = true;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry.spread;
  }

  return {
    async top(s, limit) {
      if (limit > topLimit) throw new Error(`top ${limit}: only ${topLimit} are kept`);
      return (await spreadOf(s)).top.slice(0, limit);
    },
    async rankOfPoints(s, points) {
      return 1 + countAbove(await spreadOf(s), points);
    },
    async total(s) {
      return (await spreadOf(s)).total;
    },
    async around(s, userId, points, neighbours) {
      const where = inStanding(s);
      // Each branch is one range of the standing's points index. Tied learners share the rank, so
      // the ones shown beside the learner are any few of the tie, placed before or after by id
      // (finding the closest ids would read the whole tie, thousands of rows mid-table).
      const found = rows<{ user_id: string; points: number }>(
        await db.execute(sql`
          (select t.user_id, t.points from points_totals t
           where ${where} and t.points > ${points} and ${active}
           order by t.points limit ${neighbours})
          union all
          (select t.user_id, t.points from points_totals t
           where ${where} and t.user_id = ${userId})
          union all
          (select t.user_id, t.points from points_totals t
           where ${where} and t.points = ${points} and t.user_id <> ${userId} and ${active}
           limit ${2 * neighbours})
          union all
          (select t.user_id, t.points from points_totals t
           where ${where} and t.points < ${points} and ${active}
           order by t.points desc limit ${neighbours})`),
      );
      if (!found.some((row) => row.user_id === userId)) return [];
      const spread = await spreadOf(s);
      const ordered = found.sort(
        (a, b) => b.points - a.points || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
      );
      const at = ordered.findIndex((row) => row.user_id === userId);
      return ordered.slice(Math.max(0, at - neighbours), at + neighbours + 1).map((row) => ({
        userId: row.user_id,
        points: row.points,
        rank: 1 + countAbove(spread, row.points),
      }));
    },
    async changed(ids) {
      if (ids.length === 0) return;
      cache.clear();
      inactive = null;
    },
    async close() {
      cache.clear();
      inactive = null;
    },
  };
}
