import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { weekPeriod } from './period.ts';
import { readLearner } from './learner-query.ts';
import type { Ranked, Standing, StandingSource } from './types.ts';

/** Weekly sets outlive their week by this long (nobody reads them after it), then Redis drops them. */
const WEEK_TTL_SECONDS = 15 * 24 * 60 * 60;
const REBUILD_CHUNK = 1000;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface TotalsRow {
  user_id: string;
  board: string;
  period: string;
  points: number;
  country: string | null;
  level: string;
  active: boolean;
}

/**
 * Rankings kept live in Redis sorted sets, shared by every API instance:
 *   <prefix>:z:<board>:<period>:world                 score = points, member = user id
 *   <prefix>:z:<board>:<period>:country:<CC>
 *   <prefix>:z:<board>:<period>:level:<level>
 *   <prefix>:built:<board>:<period>                    set once that period's sets were loaded from SQL
 *   <prefix>:m:<userId>   hash <board>:<period> -> "<country>|<level>": the sets the learner is in
 * Points only grow, so scores are written with ZADD GT: absolute, idempotent, and a rebuild racing an
 * update cannot lower anyone. Only active accounts are in the sets.
 */
export function redisStandingSource(
  db: Db,
  clock: Clock,
  url: string,
  prefix = 'lendo:rank',
): StandingSource {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const setKey = (board: string, period: string, scope: string, filter: string | null) =>
    `${prefix}:z:${board}:${period}:${scope}${filter === null ? '' : `:${filter}`}`;
  const keyOf = (s: Standing) => setKey(s.board, s.period, s.scope, s.filter);
  const builtKey = (board: string, period: string) => `${prefix}:built:${board}:${period}`;
  const memberKey = (userId: string) => `${prefix}:m:${userId}`;
  const building = new Map<string, Promise<void>>();

  /** Every set of a row's board and period that the learner belongs in. */
  const setsOf = (row: { board: string; period: string; country: string | null; level: string }) => [
    setKey(row.board, row.period, 'world', null),
    ...(row.country ? [setKey(row.board, row.period, 'country', row.country)] : []),
    setKey(row.board, row.period, 'level', row.level),
  ];
  const expiring = (period: string) => period !== 'all';

  /** Loads a board and period from points_totals when its sets were never built (or were lost). */
  async function ensure(board: string, period: string) {
    if (await redis.exists(builtKey(board, period))) return;
    const key = `${board}:${period}`;
    let pending = building.get(key);
    if (!pending) {
      pending = rebuild(board, period).finally(() => building.delete(key));
      building.set(key, pending);
    }
    await pending;
  }

  async function rebuild(board: string, period: string) {
    const found = rows<TotalsRow>(
      await db.execute(sql`
        select t.user_id, t.points, t.country, t.level from points_totals t
        join users u on u.id = t.user_id and u.deactivated_at is null
        where t.board = ${board} and t.period = ${period}`),
    );
    const touched = new Set<string>();
    for (let i = 0; i < found.length; i += REBUILD_CHUNK) {
      const batch = redis.pipeline();
      for (const row of found.slice(i, i + REBUILD_CHUNK)) {
        const r = { ...row, board, period };
        for (const set of setsOf(r)) {
          batch.zadd(set, 'GT', r.points, r.user_id);
          touched.add(set);
        }
        batch.hset(memberKey(r.user_id), `${board}:${period}`, `${r.country ?? ''}|${r.level}`);
      }
      await batch.exec();
    }
    const finish = redis.multi();
    if (expiring(period)) for (const set of touched) finish.expire(set, WEEK_TTL_SECONDS);
    if (expiring(period)) finish.set(builtKey(board, period), '1', 'EX', WEEK_TTL_SECONDS);
    else finish.set(builtKey(board, period), '1');
    await finish.exec();
  }

  const ensureFor = (s: Standing) => ensure(s.board, s.period);
  const ranksOf = async (key: string, entries: Array<{ userId: string; points: number }>) => {
    const counts = redis.pipeline();
    for (const entry of entries) counts.zcount(key, `(${entry.points}`, '+inf');
    const answers = (await counts.exec()) ?? [];
    return entries.map((entry, i) => ({ ...entry, rank: 1 + Number(answers[i]?.[1] ?? 0) }));
  };
  const pairs = (flat: string[]) => {
    const out: Array<{ userId: string; points: number }> = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ userId: flat[i]!, points: Number(flat[i + 1]) });
    return out;
  };

  return {
    learner: (userId, q) => readLearner(db, userId, q, false),
    async page(s, limit) {
      await ensureFor(s);
      const key = keyOf(s);
      const batch = redis.pipeline().zcard(key);
      if (limit > 0) batch.zrevrange(key, 0, limit - 1, 'WITHSCORES');
      const answers = (await batch.exec()) ?? [];
      for (const [err] of answers) if (err) throw err;
      const entries = pairs((answers[1]?.[1] as string[] | undefined) ?? []);
      // Best first: an entry shares the rank of the one before it when their points are equal.
      const top: Ranked[] = [];
      entries.forEach((entry, i) => {
        const previous = top[i - 1];
        top.push({ ...entry, rank: previous && previous.points === entry.points ? previous.rank : i + 1 });
      });
      return { top, total: Number(answers[0]?.[1] ?? 0) };
    },
    async rankOfPoints(s, points) {
      await ensureFor(s);
      return 1 + (await redis.zcount(keyOf(s), `(${points}`, '+inf'));
    },
    async around(s, learner, neighbours) {
      await ensureFor(s);
      const key = keyOf(s);
      const position = await redis.zrevrank(key, learner.userId);
      if (position === null) return [];
      const from = Math.max(0, position - neighbours);
      const entries = pairs(await redis.zrevrange(key, from, position + neighbours, 'WITHSCORES'));
      return ranksOf(key, entries);
    },
    /**
     * Re-reads the learners' points_totals rows (all time and this week) and writes their absolute
     * scores; a learner whose country or level changed leaves the old sets, a deactivated one leaves all.
     */
    async changed(ids) {
      if (ids.length === 0) return;
      const week = weekPeriod(clock.now());
      const found = rows<TotalsRow>(
        await db.execute(sql`
          select t.user_id, t.board, t.period, t.points, t.country, t.level, u.deactivated_at is null as active
          from points_totals t join users u on u.id = t.user_id
          where t.user_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and t.period in ('all', ${week})`),
      );
      const periods = new Set(found.map((row) => `${row.board}:${row.period}`));
      for (const bp of periods) {
        const [board, period] = bp.split(':') as [string, string];
        await ensure(board, period);
      }
      const members = await Promise.all(ids.map((id) => redis.hgetall(memberKey(id))));
      const write = redis.multi();
      ids.forEach((userId, i) => {
        const was = members[i] ?? {};
        for (const row of found.filter((r) => r.user_id === userId)) {
          const field = `${row.board}:${row.period}`;
          const now = new Set(row.active ? setsOf(row) : []);
          const previous = was[field];
          if (previous !== undefined) {
            const [country, level] = previous.split('|') as [string, string];
            const before = setsOf({ ...row, country: country || null, level });
            for (const set of before) if (!now.has(set)) write.zrem(set, userId);
          }
          if (!row.active) {
            for (const set of setsOf(row)) write.zrem(set, userId);
            write.hdel(memberKey(userId), field);
            continue;
          }
          for (const set of now) {
            write.zadd(set, 'GT', row.points, userId);
            if (expiring(row.period)) write.expire(set, WEEK_TTL_SECONDS);
          }
          write.hset(memberKey(userId), field, `${row.country ?? ''}|${row.level}`);
        }
        // Rows gone (a deleted account): out of every set it was in.
        for (const [field, where] of Object.entries(was)) {
          if (found.some((r) => r.user_id === userId && `${r.board}:${r.period}` === field)) continue;
          const [board, period] = field.split(':') as [string, string];
          const [country, level] = where.split('|') as [string, string];
          for (const set of setsOf({ board, period, country: country || null, level }))
            write.zrem(set, userId);
          write.hdel(memberKey(userId), field);
        }
      });
      await write.exec();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
