import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelForPoints, RANKING_TOP, type Level, type Ranking } from '@lendo/shared';
import { pointsTotals, users } from '../src/db/schema.ts';
import { weekPeriod } from '../src/modules/ranking/period.ts';
import { subscriber } from './billing-helpers.ts';
import { body, learner, type Client } from './deck-helpers.ts';
import { build, type TestContext } from './helper.ts';
import { startRedisServer } from './redis-server.ts';

interface Seed {
  points?: number;
  week?: number;
  remembered?: number;
  country?: string | null;
  /** The level on the rows; by default from `points`. */
  level?: Level;
}

/** A learner straight in the database with their points_totals rows (as the ledger writer keeps them). */
async function seedLearners(ctx: TestContext, seeds: Seed[]) {
  const { db } = ctx.database;
  const stamp = randomUUID().slice(0, 8);
  const created = await db
    .insert(users)
    .values(
      seeds.map((seed, i) => ({
        email: `rank.${stamp}.${i}@example.com`,
        username: `rank_${stamp}_${i}`,
        country: seed.country ?? null,
      })),
    )
    .returning({ id: users.id });
  const ids = created.map((row) => row.id);
  await writeTotals(ctx, ids, seeds);
  return ids;
}

/** Writes (adds to) a learner's points_totals rows and tells the rankings. */
async function writeTotals(ctx: TestContext, ids: string[], seeds: Seed[]) {
  const week = weekPeriod(ctx.clock.now());
  const values = ids.flatMap((userId, i) => {
    const seed = seeds[i]!;
    const level = seed.level ?? levelForPoints(seed.points ?? 0);
    const row = { userId, country: seed.country ?? null, level, updatedAt: ctx.clock.now() };
    return [
      ...(seed.points ? [{ ...row, board: 'points', period: 'all', points: seed.points }] : []),
      ...(seed.week ? [{ ...row, board: 'points', period: week, points: seed.week }] : []),
      ...(seed.remembered ? [{ ...row, board: 'remembered', period: week, points: seed.remembered }] : []),
      ...(seed.remembered ? [{ ...row, board: 'remembered', period: 'all', points: seed.remembered }] : []),
    ];
  });
  if (values.length > 0) {
    await ctx.database.db
      .insert(pointsTotals)
      .values(values)
      .onConflictDoUpdate({
        target: [pointsTotals.userId, pointsTotals.board, pointsTotals.period],
        set: { points: sql`excluded.points`, country: sql`excluded.country`, level: sql`excluded.level` },
      });
  }
  await ctx.app.rankings.changed(ids);
}

async function me(api: Client) {
  return body<{ id: string }>(await api.get('/auth/me/')).id;
}

const rankingOf = async (api: Client, query: string) => body<Ranking>(await api.get(`/ranking/?${query}`));
const ranksOf = (ranking: Ranking) => ranking.top.map((entry) => [entry.user_id, entry.rank, entry.points]);

/** The same assertions on the SQL rankings and on the Redis ones. */
function rankingSuite(
  name: string,
  setup: () => Promise<TestContext>,
  /** How each source orders a tie by user id. */
  tieOrder: 'ascending' | 'descending',
  extra?: (get: () => TestContext) => void,
) {
  describe(`GET /ranking/ (${name})`, () => {
    let ctx: TestContext;
    let pro: Awaited<ReturnType<typeof subscriber>>;
    let proId: string;
    beforeAll(async () => {
      ctx = await setup();
      pro = await subscriber(ctx.app);
      proId = await me(pro.api);
    });

    it('refuses learners below pro (403 limits.graded-reader) and the signed out (401)', async () => {
      const basic = await learner(ctx.app);
      const res = await basic.api.get('/ranking/');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'limits.graded-reader' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ranking/' })).statusCode).toBe(401);
    });

    it('answers 400 in the error shape for a bad query', async () => {
      for (const query of [
        'period=month',
        'board=coins',
        'scope=galaxy',
        'scope=country&country=br',
        'level=expert',
      ]) {
        const res = await pro.api.get(`/ranking/?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({
          code: expect.stringMatching(/^error\./),
          message: expect.any(String),
        });
      }
    });

    it('gives ties the same rank (1, 2, 2, 4) and counts the country', async () => {
      const ids = await seedLearners(ctx, [
        { week: 100, points: 100, country: 'NZ' },
        { week: 90, points: 90, country: 'NZ' },
        { week: 90, points: 90, country: 'NZ' },
        { week: 80, points: 80, country: 'NZ' },
      ]);
      const ranking = await rankingOf(pro.api, 'scope=country&country=NZ');
      expect(ranking).toMatchObject({
        period: 'week',
        board: 'points',
        scope: 'country',
        country: 'NZ',
        total: 4,
      });
      expect(ranking.since).toBe(`${weekPeriod(ctx.clock.now())}T00:00:00.000Z`);
      expect(ranking.top.map((entry) => entry.rank)).toEqual([1, 2, 2, 4]);
      expect(new Set(ranksOf(ranking).map(String))).toEqual(
        new Set(
          [
            [ids[0], 1, 100],
            [ids[1], 2, 90],
            [ids[2], 2, 90],
            [ids[3], 4, 80],
          ].map(String),
        ),
      );
      expect(ranking.top[0]).toMatchObject({
        country: 'NZ',
        level: 'elementary',
        is_me: false,
        avatar_url: null,
      });
      expect(ranking.top[0]!.username).toMatch(/^rank_/);
      // The learner has no points in New Zealand: no rank there.
      expect(ranking.me).toBeNull();
      expect(ranking.around_me).toEqual([]);
    });

    it('filters by country and by level', async () => {
      const [pt, es, advanced] = await seedLearners(ctx, [
        { week: 40, points: 40, country: 'PT' },
        { week: 50, points: 50, country: 'ES' },
        { week: 30, points: 8000, country: 'ES' },
      ]);
      const portugal = await rankingOf(pro.api, 'scope=country&country=PT');
      expect(portugal.top.map((e) => e.user_id)).toEqual([pt]);
      const spain = await rankingOf(pro.api, 'scope=country&country=ES');
      expect(spain.top.map((e) => [e.user_id, e.rank])).toEqual([
        [es, 1],
        [advanced, 2],
      ]);
      const level = await rankingOf(pro.api, 'scope=level&level=advanced');
      expect(level).toMatchObject({ scope: 'level', level: 'advanced', country: null, total: 1 });
      expect(level.top.map((e) => [e.user_id, e.level])).toEqual([[advanced, 'advanced']]);
      // By default the learner's own level (elementary before any points).
      const own = await rankingOf(pro.api, 'scope=level');
      expect(own.level).toBe('elementary');
      expect(own.top.every((e) => e.level === 'elementary')).toBe(true);
      expect(own.top.map((e) => e.user_id)).not.toContain(advanced);
    });

    it("shows the learner's own rank and two neighbours either side when outside the top 100", async () => {
      const many = RANKING_TOP + 50;
      const ids = await seedLearners(
        ctx,
        Array.from({ length: many }, (_, i) => ({ week: 10_000 - i, points: 10_000 - i, country: 'IS' })),
      );
      const below = await seedLearners(ctx, [
        { week: 400, points: 400, country: 'IS' },
        { week: 300, points: 300, country: 'IS' },
        { week: 200, points: 200, country: 'IS' },
      ]);
      await ctx.database.db.update(users).set({ country: 'IS' }).where(eq(users.id, proId));
      await writeTotals(ctx, [proId], [{ week: 500, points: 500, country: 'IS' }]);

      const ranking = await rankingOf(pro.api, 'scope=country');
      expect(ranking.country).toBe('IS');
      expect(ranking.total).toBe(many + 4);
      expect(ranking.top).toHaveLength(RANKING_TOP);
      expect(ranking.top.map((e) => e.user_id)).toEqual(ids.slice(0, RANKING_TOP));
      expect(ranking.top.at(-1)!.rank).toBe(RANKING_TOP);
      expect(ranking.me).toMatchObject({
        user_id: proId,
        rank: many + 1,
        points: 500,
        is_me: true,
        country: 'IS',
      });
      expect(ranking.around_me.map((e) => [e.user_id, e.rank, e.is_me])).toEqual([
        [ids[many - 2], many - 1, false],
        [ids[many - 1], many, false],
        [proId, many + 1, true],
        [below[0], many + 2, false],
        [below[1], many + 3, false],
      ]);

      // The world: everyone with more points this week is ahead.
      const world = await rankingOf(pro.api, '');
      const [{ ahead }] = (
        await ctx.database.db.execute(sql`
          select count(*)::int as ahead from points_totals
          where board = 'points' and period = ${weekPeriod(ctx.clock.now())} and points > 500`)
      ).rows as [{ ahead: number }];
      expect(world.me!.rank).toBe(ahead + 1);
      expect(
        await ctx.app.rankings.rankOf(proId, { period: 'week', board: 'points', scope: 'world' }),
      ).toEqual({
        rank: ahead + 1,
        points: 500,
      });
    });

    it('keeps this week apart from all time, and the remembered board apart from points', async () => {
      const [grinder, rememberer] = await seedLearners(ctx, [
        { week: 30, points: 90_000, country: 'FI' },
        { week: 60, points: 60, remembered: 7, country: 'FI' },
      ]);
      const week = await rankingOf(pro.api, 'scope=country&country=FI&period=week');
      expect(week.top.map((e) => [e.user_id, e.points])).toEqual([
        [rememberer, 60],
        [grinder, 30],
      ]);
      const all = await rankingOf(pro.api, 'scope=country&country=FI&period=all');
      expect(all).toMatchObject({ period: 'all', since: null });
      expect(all.top.map((e) => [e.user_id, e.points])).toEqual([
        [grinder, 90_000],
        [rememberer, 60],
      ]);
      const remembered = await rankingOf(pro.api, 'scope=country&country=FI&board=remembered');
      expect(remembered).toMatchObject({ board: 'remembered', total: 1 });
      expect(remembered.top.map((e) => [e.user_id, e.points, e.rank])).toEqual([[rememberer, 7, 1]]);
      // The learner has no remembered points: not on that board.
      const mine = await rankingOf(pro.api, 'board=remembered');
      expect(mine.me).toBeNull();
      expect(
        await ctx.app.rankings.rankOf(proId, { period: 'week', board: 'remembered', scope: 'world' }),
      ).toEqual({
        rank: null,
        points: 0,
      });
    });

    it('moves a learner whose country changed, and leaves out deactivated accounts', async () => {
      const [mover, leaver] = await seedLearners(ctx, [
        { week: 70, points: 70, country: 'CL' },
        { week: 75, points: 75, country: 'CL' },
      ]);
      expect((await rankingOf(pro.api, 'scope=country&country=CL')).top.map((e) => e.user_id)).toEqual([
        leaver,
        mover,
      ]);

      await ctx.database.db.update(users).set({ country: 'UY' }).where(eq(users.id, mover!));
      await ctx.database.db
        .update(pointsTotals)
        .set({ country: 'UY' })
        .where(eq(pointsTotals.userId, mover!));
      await ctx.database.db
        .update(users)
        .set({ deactivatedAt: ctx.clock.now() })
        .where(eq(users.id, leaver!));
      await ctx.app.rankings.changed([mover!, leaver!]);

      const chile = await rankingOf(pro.api, 'scope=country&country=CL');
      expect(chile).toMatchObject({ total: 0, top: [] });
      const uruguay = await rankingOf(pro.api, 'scope=country&country=UY');
      expect(uruguay.top.map((e) => [e.user_id, e.rank, e.country])).toEqual([[mover, 1, 'UY']]);
      const world = await rankingOf(pro.api, 'period=all');
      expect(world.top.map((e) => e.user_id)).not.toContain(leaver);
    });

    it('leaves out a deleted account', async () => {
      const [gone, stays] = await seedLearners(ctx, [
        { week: 40, points: 40, country: 'EC' },
        { week: 30, points: 30, country: 'EC' },
      ]);
      expect((await rankingOf(pro.api, 'scope=country&country=EC')).total).toBe(2);
      await ctx.database.db.delete(users).where(eq(users.id, gone!));
      await ctx.app.rankings.changed([gone!]);
      const ecuador = await rankingOf(pro.api, 'scope=country&country=EC');
      expect(ecuador.top.map((e) => [e.user_id, e.rank])).toEqual([[stays, 1]]);
      expect((await rankingOf(pro.api, 'period=all')).top.map((e) => e.user_id)).not.toContain(gone);
    });

    it('adds points the ledger wrote since (changed)', async () => {
      const [late] = await seedLearners(ctx, [{ week: 1, points: 1, country: 'PE' }]);
      const [early] = await seedLearners(ctx, [{ week: 5, points: 5, country: 'PE' }]);
      expect((await rankingOf(pro.api, 'scope=country&country=PE')).top.map((e) => e.user_id)).toEqual([
        early,
        late,
      ]);
      await writeTotals(ctx, [late!], [{ week: 9, points: 9, country: 'PE' }]);
      const after = await rankingOf(pro.api, 'scope=country&country=PE');
      expect(after.top.map((e) => [e.user_id, e.rank])).toEqual([
        [late, 1],
        [early, 2],
      ]);
      // A week later, this week's board starts empty.
      ctx.clock.advance(7 * 24 * 60 * 60 * 1000);
      try {
        const query = { period: 'week', board: 'points', scope: 'country' } as const;
        expect(await ctx.app.rankings.rankOf(late!, query)).toEqual({ rank: null, points: 0 });
        expect(await ctx.app.rankings.rankOf(late!, { ...query, period: 'all' })).toEqual({
          rank: 1,
          points: 9,
        });
      } finally {
        ctx.clock.advance(-7 * 24 * 60 * 60 * 1000);
      }
    });

    it('shows the two learners either side within a tie, in the ranking order, leaving out closed accounts', async () => {
      const ahead = await seedLearners(
        ctx,
        Array.from({ length: RANKING_TOP + 5 }, (_, i) => ({
          week: 5_000 - i,
          points: 5_000 - i,
          country: 'NO',
        })),
      );
      const tied = await seedLearners(
        ctx,
        Array.from({ length: 12 }, () => ({ week: 500, points: 500, country: 'NO' })),
      );
      const behind = await seedLearners(ctx, [
        { week: 400, points: 400, country: 'NO' },
        { week: 300, points: 300, country: 'NO' },
      ]);
      const closed = tied.filter((_, i) => i % 2 === 0);
      await ctx.database.db
        .update(users)
        .set({ deactivatedAt: ctx.clock.now() })
        .where(inArray(users.id, closed));
      await ctx.app.rankings.changed(closed);
      await ctx.database.db.update(users).set({ country: 'NO' }).where(eq(users.id, proId));
      await writeTotals(ctx, [proId], [{ week: 500, points: 500, country: 'NO' }]);

      const ranking = await rankingOf(pro.api, 'scope=country');
      const rank = ahead.length + 1;
      expect(ranking).toMatchObject({
        country: 'NO',
        total: ahead.length + tied.length - closed.length + 1 + 2,
      });
      expect(ranking.me).toMatchObject({ user_id: proId, rank, points: 500, is_me: true });
      // The whole standing in its order: ties by id (SQL ascending, Redis sorted sets descending).
      const tie = [...tied.filter((id) => !closed.includes(id)), proId].sort();
      if (tieOrder === 'descending') tie.reverse();
      const order = [...ahead, ...tie, ...behind];
      const at = order.indexOf(proId);
      expect(ranking.around_me.map((e) => e.user_id)).toEqual(order.slice(at - 2, at + 3));
      for (const entry of ranking.around_me) {
        expect(entry.rank).toBe(entry.points === 500 ? rank : order.indexOf(entry.user_id) + 1);
      }
      expect(
        await ctx.app.rankings.rankOf(proId, { period: 'week', board: 'points', scope: 'country' }),
      ).toEqual({ rank, points: 500 });
    });

    extra?.(() => ctx);
  });
}

rankingSuite('SQL', () => build(), 'ascending');

let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
let redisUrl = '';
afterAll(() => {
  redis?.stop();
});

rankingSuite(
  'Redis',
  async () => {
    redis = await startRedisServer();
    redisUrl = redis.url;
    return build({ REDIS_URL: redisUrl });
  },
  'descending',
  (get) => {
    it('rebuilds lost sets from SQL', async () => {
      const ctx = get();
      const [first, second] = await seedLearners(ctx, [
        { week: 12, points: 12, country: 'BO' },
        { week: 11, points: 11, country: 'BO' },
      ]);
      const client = new Redis(redisUrl);
      try {
        expect(await client.zscore(`lendo:rank:z:points:all:country:BO`, first!)).toBe('12');
        await client.flushall();
      } finally {
        client.disconnect();
      }
      const again = body<Ranking>(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/ranking/?scope=country&country=BO',
          headers: { authorization: `Bearer ${(await subscriber(ctx.app)).tokens.access}` },
        }),
      );
      expect(again.top.map((e) => [e.user_id, e.rank])).toEqual([
        [first, 1],
        [second, 2],
      ]);
    });
  },
);
