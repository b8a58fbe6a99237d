import { and, eq } from 'drizzle-orm';
import {
  COMPREHENSION_QUESTIONS,
  DAILY_CHALLENGE_TYPES,
  type ComprehensionCheck,
  type Deck,
  type GradedReaderNotice,
  type Me,
  type PathDetail,
  type TokenPair,
} from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { pointsLedger, pointsTotals } from '../src/db/schema.ts';
import { localDay, startOfLocalDay } from '../src/lib/clock.ts';
import { drawChallenges } from '../src/modules/graded-reader/challenges.ts';
import { addDays } from '../src/modules/graded-reader/days.ts';
import { weekPeriod } from '../src/modules/ranking/period.ts';
import { body, client, createCard, createDeck, guess, learner, type Client } from './deck-helpers.ts';
import {
  answerCheck,
  answers,
  completeStory,
  dashboard,
  notices,
  proLearner,
  signIn,
} from './graded-reader-helpers.ts';
import { build, newUser } from './helper.ts';
import { chapterId, report, storyId, storyOf } from './story-helpers.ts';

const { app, clock, database } = await build();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const meOf = async (api: Client) => body<Me>(await api.get('/auth/me/'));

/** Moves the test clock to `at` (it only moves forward). */
function moveTo(at: Date) {
  const ms = at.getTime() - clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  clock.advance(ms);
}

const seenAll = async (api: Client) => {
  for (const notice of await notices(api)) {
    expect((await api.post(`/graded-reader/notices/${notice.id}/seen/`, {})).statusCode).toBe(204);
  }
};

/** Stories whose chapters have three pages each: one chapter a day completes three pages. */
const THREE_PAGE_STORIES = [
  'en-bluebeards-key',
  'en-the-bees-on-the-roof',
  'en-the-boy-and-the-north-wind',
  'en-the-piper-of-hamelin',
];

/**
 * A day of study that completes every challenge type but complete_story and learn_word (so at
 * least one of any three): a deck, three cards, a review, a chapter of three pages read for ten
 * minutes and its check passed.
 */
async function studyDay(api: Client, day: number) {
  const deck = await createDeck(api, { name: `Deck ${day}` });
  const cards = [];
  for (let i = 0; i < 3; i += 1) cards.push(await createCard(api, deck.id));
  await guess(api, cards[0]!.id, 'got_it');
  const slug = THREE_PAGE_STORIES[day]!;
  const res = await api.post(`/chapters/${chapterId(slug, 1)}/progress/`, {
    page: 3,
    finished: true,
    reading_seconds: 600,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await answerCheck(api, slug, 1, 3)).passed).toBe(true);
}

describe('the points ledger', () => {
  it('pays each event once, however often its request is retried or sent at once', async () => {
    const { api, tokens } = await proLearner(app);
    const me = await meOf(api);
    const slug = 'en-the-boy-and-the-north-wind';
    const chapter = chapterId(slug, 1);
    const progress = { page: 2, finished: false, reading_seconds: 0 };
    expect((await report(app, tokens, chapter, progress)).statusCode).toBe(200);
    expect((await report(app, tokens, chapter, progress)).statusCode).toBe(200);
    const parallel = await Promise.all([1, 2, 3].map(() => report(app, tokens, chapter, progress)));
    expect(parallel.map((res) => res.statusCode)).toEqual([200, 200, 200]);

    const pass = { answers: answers(slug, 1, 3) };
    const checks = await Promise.all(
      [1, 2].map(() => api.post(`/graded-reader/chapters/${chapter}/check/`, pass)),
    );
    const awarded = checks.map((res) => body<{ points_awarded: number }>(res).points_awarded);
    expect(awarded.sort()).toEqual([0, 20]);

    const deck = body<Deck>(await api.post('/deck/decks/', { name: 'Once', language: 'en' }), 201);
    const cards = await Promise.all([1, 2].map(() => createCard(api, deck.id)));

    const rows = await database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, me.id));
    expect(rows.map((row) => row.key).sort()).toEqual(
      [
        `page:${chapter}:1`,
        `page:${chapter}:2`,
        `chapter:${chapter}`,
        `deck:${deck.id}`,
        ...cards.map((card) => `flashcard:${card.id}`),
      ].sort(),
    );
    const expected = 2 * 5 + 20 + 5 + 2 * 2;
    expect((await dashboard(api)).level.points).toBe(expected);
    const totals = await database.db
      .select({ period: pointsTotals.period, points: pointsTotals.points, level: pointsTotals.level })
      .from(pointsTotals)
      .where(and(eq(pointsTotals.userId, me.id), eq(pointsTotals.board, 'points')));
    expect(totals.sort((a, b) => a.period.localeCompare(b.period))).toEqual(
      [
        { period: weekPeriod(clock.now()), points: expected, level: 'elementary' },
        { period: 'all', points: expected, level: 'elementary' },
      ].sort((a, b) => a.period.localeCompare(b.period)),
    );
  });

  /** A learner's totals of the points board: all time and this week. */
  const pointsTotalsOf = async (userId: string) => {
    const rows = await database.db
      .select({ period: pointsTotals.period, points: pointsTotals.points })
      .from(pointsTotals)
      .where(and(eq(pointsTotals.userId, userId), eq(pointsTotals.board, 'points')));
    return Object.fromEntries(rows.map((row) => [row.period, row.points]));
  };

  it('keeps the totals equal to the ledger when a learner earns many points at once', async () => {
    const { api } = await proLearner(app);
    const me = await meOf(api);
    const deck = await createDeck(api, { name: 'Burst' });
    // Twelve cards made at once (2 points each), then all answered at once: a first answer pays
    // the deck's review of the day (once) and completes challenges as their counts are reached.
    const cards = await Promise.all(Array.from({ length: 12 }, () => createCard(api, deck.id)));
    await Promise.all(cards.map((card) => guess(api, card.id, 'got_it')));

    const ledger = await database.db
      .select({ points: pointsLedger.points, key: pointsLedger.key })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, me.id), eq(pointsLedger.board, 'points')));
    expect(ledger.filter((row) => row.key.startsWith('deck_review:'))).toHaveLength(1);
    const earned = ledger.reduce((sum, row) => sum + row.points, 0);
    expect(await pointsTotalsOf(me.id)).toEqual({ all: earned, [weekPeriod(clock.now())]: earned });
    expect((await dashboard(api)).level.points).toBe(earned);
  });
});

describe('points from reviews', () => {
  it('pays a deck review once a day, a word learned once, and remembered answers after a day', async () => {
    const who = await proLearner(app);
    const me = await meOf(who.api);
    const card = await createCard(who.api, who.deck.id);
    await guess(who.api, card.id, 'got_it');
    let api = who.api;
    let status = '';
    let days = 0;
    while (status !== 'learned' && days < 6) {
      clock.advance(DAY_MS + HOUR_MS);
      days += 1;
      api = await signIn(app, who.account);
      status = (await guess(api, card.id, 'got_it')).status;
    }
    expect(status).toBe('learned');
    clock.advance(2 * DAY_MS);
    api = await signIn(app, who.account);
    await guess(api, card.id, 'got_it');
    clock.advance(MINUTE_MS);
    await guess(api, card.id, 'was_wrong');

    const rows = await database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, me.id));
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
    // A review on the first day, then one a day; the last day's two answers pay one.
    expect(count('deck_review')).toBe(days + 2);
    expect(count('word_learned')).toBe(1);
    // Every right answer after a wait of a day or more, on its own board; the wrong one scores nothing.
    expect(count('remembered')).toBe(days + 1);
    expect(rows.filter((row) => row.kind === 'remembered').every((row) => row.board === 'remembered')).toBe(
      true,
    );
    const remembered = await database.db
      .select({ points: pointsTotals.points })
      .from(pointsTotals)
      .where(
        and(
          eq(pointsTotals.userId, me.id),
          eq(pointsTotals.board, 'remembered'),
          eq(pointsTotals.period, 'all'),
        ),
      );
    expect(remembered).toEqual([{ points: days + 1 }]);
    // Every totals row of the learner, the remembered board's too, carries their one level.
    const levels = await database.db
      .select({ level: pointsTotals.level })
      .from(pointsTotals)
      .where(eq(pointsTotals.userId, me.id));
    expect(new Set(levels.map((row) => row.level))).toEqual(new Set([(await dashboard(api)).level.level]));
  });
});

describe('daily challenges', () => {
  for (const timezone of ['Pacific/Honolulu', 'Pacific/Kiritimati']) {
    it(`draws three a local day and renews them at local midnight in ${timezone}`, async () => {
      const who = await proLearner(app, timezone);
      const me = await meOf(who.api);
      const today = localDay(clock.now(), timezone);
      const midnight = startOfLocalDay(addDays(today, 1), timezone);
      // Both zones' midnight is 10:00 UTC: Honolulu is UTC−10, Kiritimati UTC+14.
      expect(midnight.getUTCHours()).toBe(10);
      moveTo(new Date(midnight.getTime() - 2 * MINUTE_MS));
      let api = await signIn(app, who.account);

      const first = await dashboard(api);
      expect(first.challenges.day).toBe(today);
      expect(first.challenges.resets_at).toBe(midnight.toISOString());
      const types = first.challenges.challenges.map((c) => c.type);
      expect(types).toHaveLength(3);
      expect(new Set(types).size).toBe(3);
      for (const type of types) expect(DAILY_CHALLENGE_TYPES).toContain(type);
      expect(first.challenges.challenges).toEqual(
        drawChallenges(me.id, today, 'elementary').map((c) => ({ ...c, progress: 0, completed: false })),
      );

      clock.advance(MINUTE_MS);
      expect((await dashboard(api)).challenges).toEqual(first.challenges);

      clock.advance(2 * MINUTE_MS);
      api = await signIn(app, who.account);
      const next = await dashboard(api);
      expect(next.challenges.day).toBe(addDays(today, 1));
      expect(next.challenges.resets_at).toBe(startOfLocalDay(addDays(today, 2), timezone).toISOString());
      expect(next.challenges.challenges).toEqual(
        drawChallenges(me.id, addDays(today, 1), 'elementary').map((c) => ({
          ...c,
          progress: 0,
          completed: false,
        })),
      );
    });
  }

  it('counts progress from the day’s events and completes a challenge when it reaches its target', async () => {
    const who = await proLearner(app, 'Pacific/Honolulu');
    await studyDay(who.api, 0);
    // The writes completed them (the notices come before the dashboard, which settles too).
    const told = (await notices(who.api)).filter((n) => n.kind === 'challenge');
    const { challenges } = (await dashboard(who.api)).challenges;
    const done = challenges.filter((c) => c.completed);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const c of done) expect(c.progress).toBe(c.target);
    expect(told.map((n) => n.kind === 'challenge' && n.challenge.slot).sort()).toEqual(
      done.map((c) => c.slot).sort(),
    );
  });
});

describe('the streak', () => {
  it('continues over consecutive local days and breaks after a day without a challenge', async () => {
    const timezone = 'Pacific/Honolulu';
    const who = await proLearner(app, timezone);
    // Start an hour into the learner's next local day.
    const start = startOfLocalDay(addDays(localDay(clock.now(), timezone), 1), timezone);
    moveTo(new Date(start.getTime() + HOUR_MS));
    let api = await signIn(app, who.account);
    const day1 = localDay(clock.now(), timezone);

    await studyDay(api, 0);
    const streakNotices = async () =>
      (await notices(api)).filter(
        (n): n is Extract<GradedReaderNotice, { kind: 'streak' }> => n.kind === 'streak',
      );
    expect(await streakNotices()).toMatchObject([{ outcome: 'continued', days: 1, previous: 0 }]);
    expect((await dashboard(api)).streak).toMatchObject({ days: 1, longest: 1, today_done: true });
    await seenAll(api);

    clock.advance(DAY_MS);
    api = await signIn(app, who.account);
    // An open today does not break the streak.
    expect((await dashboard(api)).streak).toMatchObject({ days: 1, today_done: false });
    await studyDay(api, 1);
    expect(await streakNotices()).toMatchObject([{ outcome: 'continued', days: 2, previous: 1 }]);
    const two = (await dashboard(api)).streak;
    expect(two).toMatchObject({ days: 2, longest: 2, today_done: true });
    expect(two.week.filter((d) => d.done).map((d) => d.day)).toEqual(
      [day1, addDays(day1, 1)].filter((d) => two.week.some((w) => w.day === d)),
    );
    await seenAll(api);

    clock.advance(2 * DAY_MS);
    api = await signIn(app, who.account);
    expect((await dashboard(api)).streak).toMatchObject({ days: 0, longest: 2, today_done: false });
    await studyDay(api, 2);
    expect(await streakNotices()).toMatchObject([{ outcome: 'broken', days: 1, previous: 2 }]);
    expect((await dashboard(api)).streak).toMatchObject({ days: 1, longest: 2, today_done: true });
  });
});

describe('levels', () => {
  it('tells of a level reached once, when all-time points cross its threshold', async () => {
    const { api } = await proLearner(app);
    const stories = ['en-bluebeards-key', 'en-the-bees-on-the-roof', 'en-the-boy-and-the-north-wind'];
    let points = 0;
    for (const slug of [...stories, 'en-the-piper-of-hamelin']) points += await completeStory(api, slug);
    // Four stories of three chapters: 4 × (3 × 20 + 50).
    expect(points).toBe(440);
    expect((await notices(api)).filter((n) => n.kind === 'level_up')).toEqual([]);
    expect((await dashboard(api)).level).toEqual({
      points: 440,
      level: 'elementary',
      next_level: 'pre-intermediate',
      next_level_points: 500,
      level_points: 0,
    });

    points += await completeStory(api, 'en-david-and-jonathan');
    const levelUps = (await notices(api)).filter((n) => n.kind === 'level_up');
    // The story's last chapter reaches 500; its story's points come after.
    expect(levelUps).toMatchObject([{ kind: 'level_up', level: 'pre-intermediate', points: 500 }]);
    expect((await dashboard(api)).level).toMatchObject({ points: 550, level: 'pre-intermediate' });
    await seenAll(api);

    await completeStory(api, 'en-marie-curie-light-in-the-dark');
    expect((await notices(api)).filter((n) => n.kind === 'level_up')).toEqual([]);
  });

  it('tells of a level a review answer reaches, and moves every ranking row of the learner to it', async () => {
    const { api } = await proLearner(app);
    const me = await meOf(api);
    const stories = ['en-bluebeards-key', 'en-the-bees-on-the-roof', 'en-the-boy-and-the-north-wind'];
    for (const slug of [...stories, 'en-the-piper-of-hamelin']) await completeStory(api, slug);
    const deck = await createDeck(api, { name: 'Threshold' });
    // 440 for the stories, 5 for the deck, 2 for each of 25 cards: 495.
    const cards = [];
    for (let i = 0; i < 25; i += 1) cards.push(await createCard(api, deck.id));
    expect((await dashboard(api)).level).toMatchObject({ points: 495, level: 'elementary' });

    // The deck's first review of the day pays 10, in the statement that saves the answer.
    await guess(api, cards[0]!.id, 'got_it');
    const levelUps = (await notices(api)).filter((n) => n.kind === 'level_up');
    expect(levelUps).toMatchObject([{ kind: 'level_up', level: 'pre-intermediate', points: 505 }]);
    expect((await dashboard(api)).level).toMatchObject({ points: 505, level: 'pre-intermediate' });
    const rows = await database.db
      .select({ board: pointsTotals.board, level: pointsTotals.level })
      .from(pointsTotals)
      .where(eq(pointsTotals.userId, me.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ level: 'pre-intermediate' });
  });
});

describe('comprehension checks and paths', () => {
  it('passes a chapter with two right of three, pays once, and unlocks the next story of the path', async () => {
    const { api } = await proLearner(app);
    const path = body<PathDetail>(await api.get('/graded-reader/paths/en-elementary/'));
    // Free stories first, then by title.
    expect(path.stories.map((s) => s.slug)).toEqual([
      'en-the-frog-prince',
      'en-the-hare-and-the-tortoise',
      'en-sams-first-day',
      'en-soup-for-grandma',
    ]);
    expect(path.stories.map((s) => s.unlocked)).toEqual([true, false, false, false]);
    const [first] = path.stories;
    expect(first).toMatchObject({
      id: storyId('en-the-frog-prince'),
      completed: false,
      chapters_completed: 0,
    });
    expect(first!.next_chapter_id).toBe(chapterId('en-the-frog-prince', 1));

    const slug = 'en-the-frog-prince';
    const chapter = chapterId(slug, 1);
    const check = await api.get(`/graded-reader/chapters/${chapter}/check/`);
    expect(check.body).not.toContain('"answer"');
    const shown = body<ComprehensionCheck>(check);
    expect(shown.questions).toHaveLength(COMPREHENSION_QUESTIONS);
    expect(shown).toMatchObject({ chapter_id: chapter, passed: false, attempts: 0 });

    const wrong = await answerCheck(api, slug, 1, 1);
    expect(wrong).toMatchObject({ score: 1, passed: false, points_awarded: 0 });
    expect(wrong.results.map((r) => r.correct)).toEqual([true, false, false]);
    expect((await dashboard(api)).level.points).toBe(0);

    expect(await answerCheck(api, slug, 1, 2)).toMatchObject({ score: 2, passed: true, points_awarded: 20 });
    expect(await answerCheck(api, slug, 1, 3)).toMatchObject({ score: 3, passed: true, points_awarded: 0 });
    expect(await answerCheck(api, slug, 1, 0)).toMatchObject({ passed: false, points_awarded: 0 });
    expect(
      body<ComprehensionCheck>(await api.get(`/graded-reader/chapters/${chapter}/check/`)),
    ).toMatchObject({
      passed: true,
      attempts: 4,
    });

    const midway = body<PathDetail>(await api.get('/graded-reader/paths/en-elementary/'));
    expect(midway.stories[0]).toMatchObject({ chapters_completed: 1, completed: false });
    expect(midway.stories[0]!.next_chapter_id).toBe(chapterId(slug, 2));
    expect(midway.stories[1]!.unlocked).toBe(false);

    // The last chapter pays the chapter and the story.
    expect(storyOf(slug).chapters).toHaveLength(2);
    expect(await answerCheck(api, slug, 2, 3)).toMatchObject({ passed: true, points_awarded: 20 + 50 });
    const after = body<PathDetail>(await api.get('/graded-reader/paths/en-elementary/'));
    expect(after).toMatchObject({ stories_completed: 1, chapters_completed: 2, chapters_count: 8 });
    expect(after.stories[0]).toMatchObject({ completed: true, next_chapter_id: null });
    expect(after.stories[1]).toMatchObject({ unlocked: true, completed: false });
    expect((await dashboard(api)).level.points).toBe(90);

    // The dashboard lists the learner's language, their level (beginner: elementary) first.
    const { paths } = await dashboard(api);
    expect(paths[0]).toMatchObject({ id: 'en-elementary', stories_completed: 1, chapters_completed: 2 });
    expect(paths.map((p) => p.language)).toEqual(paths.map(() => 'en'));
    expect(paths.map((p) => p.level)).toEqual([
      'elementary',
      'pre-intermediate',
      'intermediate',
      'upper-intermediate',
      'advanced',
    ]);
  });
});

describe('access', () => {
  const routes = (chapter: string, notice: string) =>
    [
      ['GET', '/graded-reader/'],
      ['GET', '/graded-reader/paths/en-elementary/'],
      ['GET', `/graded-reader/chapters/${chapter}/check/`],
      ['POST', `/graded-reader/chapters/${chapter}/check/`],
      ['GET', '/graded-reader/notices/'],
      ['POST', `/graded-reader/notices/${notice}/seen/`],
    ] as const;

  it('answers 403 limits.graded-reader below pro on every route, and serves a pro trial', async () => {
    const basic = await learner(app);
    const pro = await proLearner(app);
    const slug = 'en-the-frog-prince';
    const chapter = chapterId(slug, 1);
    await studyDay(pro.api, 3);
    const [notice] = await notices(pro.api);
    expect(notice).toBeDefined();
    const call = (api: Client, method: 'GET' | 'POST', url: string) =>
      method === 'GET' ? api.get(url) : api.post(url, { answers: answers(slug, 1, 3) });
    for (const [method, url] of routes(chapter, notice!.id)) {
      const refused = await call(basic.api, method, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: 'limits.graded-reader' });
      expect([200, 204], url).toContain((await call(pro.api, method, url)).statusCode);
    }
    const anonymous = await app.inject({ url: '/api/graded-reader/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 or 400 in the error shape for ids and answers that name nothing, never 500', async () => {
    const { api } = await proLearner(app);
    const other = await proLearner(app);
    await studyDay(other.api, 3);
    const [othersNotice] = await notices(other.api);
    const chapter = chapterId('en-the-frog-prince', 1);
    const notFound = [
      '/graded-reader/paths/xx-elementary/',
      '/graded-reader/paths/en-expert/',
      '/graded-reader/paths/en/',
      `/graded-reader/paths/${'a'.repeat(200)}/`,
      '/graded-reader/chapters/not-a-uuid/check/',
      `/graded-reader/chapters/${storyId('en-the-frog-prince')}/check/`,
      `/graded-reader/chapters/${chapterId('en-the-frog-prince', 9)}/check/`,
    ];
    for (const url of notFound) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await api.get('/graded-reader/paths/xx-elementary/')).statusCode).toBe(404);
    expect((await api.get('/graded-reader/chapters/not-a-uuid/check/')).statusCode).toBe(404);

    const post = (payload: object, id = chapter) => api.post(`/graded-reader/chapters/${id}/check/`, payload);
    expect((await post({ answers: answers('en-the-frog-prince', 1, 3) }, storyId('x'))).statusCode).toBe(404);
    for (const payload of [
      {},
      { answers: [0, 1] },
      { answers: [0, 1, 2, 0] },
      { answers: ['a', 0, 0] },
      { answers: [0, 0, -1] },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String) });
    }
    // An option the question does not have (every question has 3 or 4).
    const res = await post({ answers: [0, 0, 5] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'error.invalid-value' });

    expect((await api.post(`/graded-reader/notices/${othersNotice!.id}/seen/`, {})).statusCode).toBe(404);
    expect((await api.post('/graded-reader/notices/nope/seen/', {})).statusCode).toBe(404);
    // The other learner's notice is still unseen.
    expect((await notices(other.api)).map((n) => n.id)).toContain(othersNotice!.id);
  });
});

describe('the learner’s country', () => {
  it('comes from the sign-up request, can be changed or cleared, and moves the ranking rows', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      headers: { 'cf-ipcountry': 'br' },
      payload: newUser(),
    });
    const api = client(app, body<TokenPair>(res, 201));
    const me = await meOf(api);
    expect(me.country).toBe('BR');
    await createDeck(api, { name: 'Brasil' });
    const countries = async () =>
      (
        await database.db
          .select({ country: pointsTotals.country })
          .from(pointsTotals)
          .where(eq(pointsTotals.userId, me.id))
      ).map((row) => row.country);
    expect(await countries()).toEqual(['BR', 'BR']);

    expect(body<Me>(await api.put('/auth/update-user/', { country: 'pt' })).country).toBe('PT');
    expect(await countries()).toEqual(['PT', 'PT']);
    for (const country of ['PRT', '1A', 7]) {
      const refused = await api.put('/auth/update-user/', { country });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { country: 'error.invalid-value' } });
    }
    expect(body<Me>(await api.put('/auth/update-user/', { country: null })).country).toBeNull();
    expect(await countries()).toEqual([null, null]);
  });
});
