// Seeds the ranking bench before the server starts: RANKED_LEARNERS learners in ten countries (a few
// deactivated) and LEDGER_ROWS points_ledger rows spread over the last four weeks, with the
// points_totals rows the ledger writer would have kept (all time and this week, both boards).
// Everything is bulk SQL (generate_series): rows go straight into the database.
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget } from '../apps/api/src/db/client.ts';
import { weekPeriod } from '../apps/api/src/modules/ranking/period.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

export const RANKED_LEARNERS = 100_000;
export const LEDGER_ROWS = 1_000_000;

/** The learner the bench signs in as: in Brazil, mid-table this week (a big tie), outside the top. */
export const RANKING_BENCH_USER = { email: 'bench_ranker@example.com', password: 'Bench123!' };

/** Seeds the learners and their points; `now` decides which week is "this week". */
export async function seedRanking(target: DatabaseTarget, now = new Date()) {
  const database = await openDatabase(target);
  const { db } = database;
  const week = weekPeriod(now);
  const today = now.toISOString().slice(0, 10);
  try {
    await db.execute(sql`
      insert into users (email, username, country, onboarding_completed, learning_language, deactivated_at)
      select 'ranker' || i || '@bench.local', 'ranker_' || i,
             (array['BR','US','PT','ES','MX','AR','CO','FR','DE','GB'])[1 + (i * 7) % 10],
             true, 'en', case when i % 500 = 0 then ${now.toISOString()}::timestamptz end
      from generate_series(1, ${RANKED_LEARNERS}) i`);
    await db.execute(sql`
      create temporary table bench_rankers as
      select id, row_number() over (order by number) - 1 as n from users where username like 'ranker\\_%'`);
    await db.execute(sql`create index on bench_rankers (n)`);
    // Uneven activity: a learner's rows are spread by a hash so some earn far more than others.
    await db.execute(sql`
      insert into points_ledger (user_id, board, kind, key, points, local_day, created_at)
      select r.id,
             case when g % 10 = 0 then 'remembered' else 'points' end,
             case when g % 10 = 0 then 'remembered'
                  else (array['page','chapter','story','flashcard','deck','deck_review','word_learned','reading'])[1 + (g / 10) % 8] end,
             'bench:' || g,
             case when g % 10 = 0 then 1
                  else (array[5, 20, 50, 2, 5, 10, 3, 1])[1 + (g / 10) % 8] end,
             d.day, d.day + interval '12 hours'
      from generate_series(0, ${LEDGER_ROWS - 1}) g
      cross join lateral (select (${today}::date - ((g * 31) % 28))::date as day) d
      join bench_rankers r on r.n = ((g::bigint * g::bigint) % 1000003) % ${RANKED_LEARNERS}`);
    await db.execute(sql`
      insert into points_totals (user_id, board, period, points, country, level, updated_at)
      select l.user_id, l.board, 'all', sum(l.points), u.country, 'elementary', now()
      from points_ledger l join users u on u.id = l.user_id
      where l.key like 'bench:%'
      group by l.user_id, l.board, u.country`);
    await db.execute(sql`
      insert into points_totals (user_id, board, period, points, country, level, updated_at)
      select l.user_id, l.board, ${week}, sum(l.points), u.country, 'elementary', now()
      from points_ledger l join users u on u.id = l.user_id
      where l.key like 'bench:%' and l.local_day >= ${week}::date
      group by l.user_id, l.board, u.country`);
    // The level comes from all-time points on the points board (LEVEL_THRESHOLDS).
    await db.execute(sql`
      update points_totals t set level = case
          when a.points >= 7000 then 'advanced' when a.points >= 3500 then 'upper-intermediate'
          when a.points >= 1500 then 'intermediate' when a.points >= 500 then 'pre-intermediate'
          else 'elementary' end
      from points_totals a
      where a.user_id = t.user_id and a.board = 'points' and a.period = 'all'`);
    const passwordHash = await hashPassword(RANKING_BENCH_USER.password);
    await db.execute(sql`
      with me as (
        insert into users (email, username, password_hash, country, onboarding_completed, learning_language)
        values (${RANKING_BENCH_USER.email}, 'bench_ranker', ${passwordHash}, 'BR', true, 'en')
        returning id)
      insert into points_totals (user_id, board, period, points, country, level, updated_at)
      select me.id, 'points', p.period, p.points, 'BR', 'elementary', now()
      from me, (values ('all', 40), (${week}, 10)) p(period, points)`);
    await db.execute(sql`vacuum analyze points_totals`);
    await db.execute(sql`vacuum analyze points_ledger`);
    await db.execute(sql`vacuum analyze users`);
  } finally {
    await database.close();
  }
}
