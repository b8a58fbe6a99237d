import { sql } from 'drizzle-orm';
import {
  LEVELS,
  RANKING_NEIGHBOURS,
  RANKING_TOP,
  type Level,
  type Ranking,
  type RankingEntry,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { periodKey, weekStart } from './period.ts';
import { redisStandingSource } from './redis-source.ts';
import { sqlStandingSource } from './sql-source.ts';
import type {
  Board,
  Details,
  Learner,
  Period,
  Ranked,
  Rankings,
  Scope,
  Standing,
  StandingPage,
  StandingQuery,
  StandingSource,
} from './types.ts';

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

/**
 * How long (real time) a standing's page (its top with names and avatars, its size and, from SQL,
 * its points spread) is reused. Every learner asks for the same top, so it is read once for all:
 * this instance drops its pages as soon as `changed` is told of new points, and other API instances
 * (WEB_CONCURRENCY, several servers) see them within this time. Past it, the old page still answers
 * while one request reads the new one.
 */
const PAGE_TTL_MS = 1_000;
/** Pages kept beyond this many: the stale ones are dropped (old weeks, rare filters). */
const PAGES_KEPT = 1_000;
/** How long (real time) a neighbour's name and avatar are reused (Redis: the sets hold ids only). */
const DETAILS_TTL_MS = 5_000;
const DETAILS_KEPT = 10_000;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isLevel = (value: string | null | undefined): value is Level => LEVELS.includes(value as Level);

/** A page as answered: its top already in the answer's shape (is_me false), shared by every request. */
interface ServedPage extends StandingPage {
  entries: RankingEntry[];
}

interface PageEntry {
  page: Promise<ServedPage>;
  at: number;
  ready: boolean;
  refreshing: boolean;
}

const EMPTY: ServedPage = { top: [], total: 0, entries: [] };

/** A ranked learner as the answer shows them; null without details (a closed account). */
const entryOf = (ranked: Ranked, me: string): RankingEntry | null =>
  ranked.details
    ? {
        rank: ranked.rank,
        user_id: ranked.userId,
        ...ranked.details,
        points: ranked.points,
        is_me: ranked.userId === me,
      }
    : null;
const entriesOf = (list: Ranked[], me: string) =>
  list.map((ranked) => entryOf(ranked, me)).filter((e): e is RankingEntry => e !== null);

/**
 * The rankings (issue 13): this week (since Monday 00:00 UTC) or all time, on the points or the
 * remembered board, for the world, a country or a level. Ties share a rank.
 */
export function createRankings({ db, clock, redisUrl, redisPrefix }: RankingsDeps) {
  const source: StandingSource = redisUrl
    ? redisStandingSource(db, clock, redisUrl, redisPrefix)
    : sqlStandingSource(db);

  /** The standing asked for, its filter given or (left null here) the learner's own. */
  function queryOf(q: { board: Board; period: Period; scope: Scope; level?: Level; country?: string }) {
    const filter =
      q.scope === 'country' ? (q.country ?? null) : q.scope === 'level' ? (q.level ?? null) : null;
    return { board: q.board, period: periodKey(q.period, clock.now()), scope: q.scope, filter };
  }

  const standingOf = (q: StandingQuery, learner: Learner): Standing => ({
    ...q,
    filter: q.scope === 'world' ? null : learner.filter,
  });

  /** Whether the learner's row is on this standing (their country or level may differ from its filter). */
  const isOn = (s: Standing, learner: Learner) =>
    learner.points !== null &&
    (s.scope === 'world' ||
      (s.scope === 'country' && learner.rowCountry === s.filter) ||
      (s.scope === 'level' && learner.rowLevel === s.filter));

  /**
   * Names, avatars, countries and levels of ranked learners (active accounts only), each kept for
   * a few seconds, for what the source read without them (Redis).
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

  /** Entries with the details their source did not read; those without any (closed accounts) left out. */
  async function withDetails(list: Ranked[]): Promise<Ranked[]> {
    const missing = list.filter((entry) => !entry.details).map((entry) => entry.userId);
    if (missing.length === 0) return list;
    const known = await detailsOf(missing);
    return list.flatMap((entry) => {
      const found = entry.details ?? known.get(entry.userId);
      return found ? [{ ...entry, details: found }] : [];
    });
  }

  async function readPage(s: Standing): Promise<ServedPage> {
    const page = await source.page(s, RANKING_TOP);
    const top = await withDetails(page.top);
    return { ...page, top, entries: entriesOf(top, '') };
  }

  /**
   * The pages of the standings, each read once and reused (see PAGE_TTL_MS). `changed` drops them
   * all, so this instance never answers from before points it was told of.
   */
  const pages = new Map<string, PageEntry>();
  const keyOf = (s: Standing) => `${s.board}|${s.period}|${s.scope}|${s.filter ?? ''}`;
  function pageOf(s: Standing): Promise<ServedPage> {
    const key = keyOf(s);
    const cached = pages.get(key);
    const now = performance.now();
    if (cached) {
      if (cached.ready && !cached.refreshing && now - cached.at >= PAGE_TTL_MS) {
        cached.refreshing = true;
        const fresh = readPage(s);
        fresh.then(
          () => {
            if (pages.get(key) === cached) {
              pages.set(key, { page: fresh, at: performance.now(), ready: true, refreshing: false });
            }
          },
          () => {
            cached.refreshing = false;
          },
        );
      }
      return cached.page;
    }
    if (pages.size >= PAGES_KEPT) {
      for (const [k, entry] of pages) if (entry.ready && now - entry.at >= PAGE_TTL_MS) pages.delete(k);
    }
    const entry: PageEntry = { page: readPage(s), at: now, ready: false, refreshing: false };
    pages.set(key, entry);
    entry.page.then(
      () => {
        entry.ready = true;
        entry.at = performance.now();
      },
      () => {
        if (pages.get(key) === entry) pages.delete(key);
      },
    );
    return entry.page;
  }

  async function ranking(userId: string, q: RankingQuery): Promise<Ranking> {
    const asked = queryOf(q);
    // The world's or a named filter's page is read beside the learner (it waits only when not kept).
    const early = asked.scope === 'world' || asked.filter !== null ? pageOf(asked) : undefined;
    early?.catch(() => undefined);
    const learner = await source.learner(userId, asked, true);
    const standing = standingOf(asked, learner);
    const empty = standing.scope !== 'world' && standing.filter === null;
    const page = empty ? EMPTY : await (early ?? pageOf(standing));
    const on = !empty && isOn(standing, learner);
    const mine = page.top.find((entry) => entry.userId === userId);
    const points = learner.points!;
    const around: Ranked[] =
      on && !mine
        ? await withDetails(
            await source.around(standing, { ...learner, userId, points }, RANKING_NEIGHBOURS, page),
          )
        : [];
    const meRanked: Ranked | null = on
      ? (mine ??
        around.find((entry) => entry.userId === userId) ?? {
          userId,
          points,
          rank: page.rankOf ? page.rankOf(points) : await source.rankOfPoints(standing, points),
          ...(learner.details ? { details: learner.details } : {}),
        })
      : null;
    return {
      period: q.period,
      board: q.board,
      scope: q.scope,
      country: standing.scope === 'country' ? standing.filter : null,
      level: standing.scope === 'level' && isLevel(standing.filter) ? standing.filter : null,
      since: q.period === 'week' ? weekStart(clock.now()).toISOString() : null,
      total: page.total,
      top: mine ? page.entries.map((e) => (e.user_id === userId ? { ...e, is_me: true } : e)) : page.entries,
      around_me: entriesOf(around, userId),
      me: meRanked ? entryOf(meRanked, userId) : null,
    };
  }

  const rankings: Rankings & { ranking: typeof ranking } = {
    ranking,
    async changed(ids) {
      // Any page may count them (their country or level may have changed with their points): the
      // pages go now, and again once the source has the change (Redis), so none read meanwhile stays.
      pages.clear();
      for (const id of ids) details.delete(id);
      try {
        await source.changed([...new Set(ids)]);
      } finally {
        pages.clear();
      }
    },
    async rankOf(userId, q) {
      const asked = queryOf(q);
      const learner = await source.learner(userId, asked, false);
      const standing = standingOf(asked, learner);
      if (!isOn(standing, learner)) return { rank: null, points: learner.points ?? 0 };
      const points = learner.points!;
      const page = await pageOf(standing);
      const rank = page.rankOf ? page.rankOf(points) : await source.rankOfPoints(standing, points);
      return { rank, points };
    },
    close: async () => {
      pages.clear();
      await source.close();
    },
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
