import { LEVELS, LEVEL_THRESHOLDS, RANKING_NEIGHBOURS, type Level } from '@lendo/shared';
import { queryNamed, type Db } from '../../db/client.ts';
import { atOnce } from '../../lib/at-once.ts';
import type { Details, Learner, Scope, StandingQuery } from './types.ts';

const isLevel = (value: string | null | undefined): value is Level => LEVELS.includes(value as Level);

/** A ranked learner's level as shown: the one on their all-time row (elementary without one). */
export const shownLevel = (level: string | null | undefined): Level =>
  isLevel(level) ? level : 'elementary';

/** levelForPoints in SQL (the last level whose threshold `points` reaches). */
const levelCase = (points: string) =>
  `case ${[...LEVELS]
    .reverse()
    .map((level) => `when ${points} >= ${Number(LEVEL_THRESHOLDS[level])} then '${level}'`)
    .join(' ')} else 'elementary' end`;

const filterOf: Record<Scope, { filter: string; row: string; on: string }> = {
  world: { filter: '$4::text', row: 'true', on: 'true' },
  country: {
    filter: 'coalesce($4::text, u.country)',
    row: 't.country = f.filter',
    on: 'f.row_country = f.filter',
  },
  level: {
    filter: `coalesce($4::text, ${levelCase('coalesce(a.points, 0)')})`,
    row: 't.level = f.filter',
    on: 'f.row_level = f.filter',
  },
};

/**
 * The learner's statement: their account, all-time row and row of the asked board and period, the
 * standing's filter (the one asked, else their own country or level) and, with `nearby`, the
 * RANKING_NEIGHBOURS active learners just before and just after them on that standing in its order
 * (points desc, user id): four ranges of the standing's index, each a few rows, less deactivated
 * accounts (their partial index: an anti-join that costs nothing when there are none). $1 user id,
 * $2 board, $3 period, $4 the filter asked for (or null). A named statement with constant limits,
 * so PostgreSQL keeps one generic plan per connection instead of planning every request.
 */
function statement(scope: Scope, nearby: boolean): { name: string; text: string } {
  const { filter, row, on } = filterOf[scope];
  const learner = `
    select u.id, u.username, u.avatar_url, u.country, a.level as all_level, t.points,
           t.country as row_country, t.level as row_level, ${filter} as filter
    from users u
    left join points_totals a on a.user_id = u.id and a.board = 'points' and a.period = 'all'
    left join points_totals t on t.user_id = u.id and t.board = $2 and t.period = $3
    where u.id = $1`;
  const me = `
    select true as me, f.id as user_id, f.points, f.username, f.avatar_url, f.country,
           f.all_level as level, f.row_country, f.row_level, f.filter
    from f`;
  if (!nearby) return { name: `ranking_learner_${scope}`, text: `with f as (${learner}) ${me}` };
  const n = RANKING_NEIGHBOURS;
  const range = (where: string, order: string) => `
    (select t.user_id, t.points from points_totals t
     where t.board = $2 and t.period = $3 and ${row} and ${where}
       and not exists (select 1 from users d where d.id = t.user_id and d.deactivated_at is not null)
     order by ${order} limit ${n})`;
  return {
    name: `ranking_learner_${scope}_nearby`,
    text: `
      with f as (${learner}),
      near as (
        select n.user_id, n.points from f cross join lateral (
          ${range('t.points > f.points', 't.points, t.user_id desc')}
          union all
          ${range('t.points = f.points and t.user_id < f.id', 't.user_id desc')}
          union all
          ${range('t.points = f.points and t.user_id > f.id', 't.user_id')}
          union all
          ${range('t.points < f.points', 't.points desc, t.user_id')}
        ) n
        where ${on})
      ${me}
      union all
      select false, n.user_id, n.points, u.username, u.avatar_url, u.country, a.level,
             null, null, null
      from near n
      join users u on u.id = n.user_id
      left join points_totals a on a.user_id = n.user_id and a.board = 'points' and a.period = 'all'`,
  };
}

const statements = new Map<string, { name: string; text: string }>();

/**
 * At most this many learner statements at once per process. Each takes a fraction of a
 * millisecond, so a few keep up with any load; more at once only make the pool open connections
 * (authentication, a new backend with cold caches) and the backends compete for the same cores,
 * which after a start turned the first burst of requests into the slowest percent.
 */
const limited = atOnce(4);

interface Row {
  me: boolean;
  user_id: string;
  points: number | null;
  username: string;
  avatar_url: string | null;
  country: string | null;
  level: string | null;
  row_country: string | null;
  row_level: string | null;
  filter: string | null;
}

/** The asking learner in one statement (see `statement`). */
export async function readLearner(
  db: Db,
  userId: string,
  q: StandingQuery,
  nearby: boolean,
): Promise<Learner> {
  const key = `${q.scope}:${nearby}`;
  let named = statements.get(key);
  if (!named) {
    named = statement(q.scope, nearby);
    statements.set(key, named);
  }
  const { name, text } = named;
  const values = [userId, q.board, q.period, q.scope === 'world' ? null : q.filter];
  const rows = await limited(() => queryNamed<Row>(db, name, text, values));
  const me = rows.find((r) => r.me);
  const details = (r: Row): Details => ({
    username: r.username,
    avatar_url: r.avatar_url,
    country: r.country,
    level: shownLevel(r.level),
  });
  return {
    points: me?.points ?? null,
    rowCountry: me?.row_country ?? null,
    rowLevel: me?.row_level ?? null,
    filter: me?.filter ?? (q.scope === 'world' ? null : q.filter),
    details: me ? details(me) : null,
    ...(nearby
      ? {
          nearby: rows
            .filter((r) => !r.me && r.points !== null)
            .map((r) => ({ userId: r.user_id, points: r.points!, details: details(r) })),
        }
      : {}),
  };
}
