import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  NEW_CARDS_PER_DAY,
  REVIEW_BATCH,
  SESSION_LOOKAHEAD_SECONDS,
  type Flashcard,
  type ReviewQueue,
  type ReviewResume,
  type StatisticsSummary,
} from '@lendo/shared';
import { flashcards, reviewLogs } from '../src/db/schema.ts';
import { localDay, startOfLocalDay } from '../src/lib/clock.ts';
import { flashcardsRepository } from '../src/modules/decks/repository.ts';
import {
  DAY_MS,
  MINUTE_MS,
  body,
  client,
  createCard,
  createDeck,
  guess,
  learner,
  review,
  type Client,
} from './deck-helpers.ts';
import { build, type TestContext } from './helper.ts';

const SESSION_SECONDS = 10 * 365 * 24 * 60 * 60;
const context = await build({ ACCESS_TOKEN_TTL_SECONDS: SESSION_SECONDS });
const { app, clock, database } = context;

const queue = async (api: Client, deckId: string) =>
  body<ReviewQueue>(await api.get(`/deck/decks/${deckId}/review/`));
const queued = async (api: Client, deckId: string) => (await queue(api, deckId)).cards.map((c) => c.id);
const resume = async (api: Client, deckId: string) =>
  body<ReviewResume>(await api.get(`/deck/decks/${deckId}/review-resume/`));
const summary = async (api: Client) => body<StatisticsSummary>(await api.get('/deck/statistics/summary/'));
const card = async (api: Client, id: string) => body<Flashcard>(await api.get(`/deck/flashcards/${id}/`));
const logsOf = (flashcardId: string) =>
  database.db
    .select()
    .from(reviewLogs)
    .where(eq(reviewLogs.flashcardId, flashcardId))
    .orderBy(asc(reviewLogs.reviewedAt));
const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** Moves the clock to `hours` past the start of the next local day in a time zone. */
function toNextLocalDay(ctx: TestContext, timeZone: string, hours = 10) {
  const now = ctx.clock.now();
  const tomorrow = localDay(
    new Date(startOfLocalDay(localDay(now, timeZone), timeZone).getTime() + 36 * 3600_000),
    timeZone,
  );
  ctx.clock.advance(startOfLocalDay(tomorrow, timeZone).getTime() + hours * 3600_000 - now.getTime());
}

describe('POST /deck/reviews/ (FSRS)', () => {
  it('schedules a new card answered "got it" minutes later, then days later, and logs each answer', async () => {
    const { api, deck } = await learner(app, { timezone: 'America/Sao_Paulo' });
    const created = await createCard(api, deck.id, { front: 'dog', back: 'cachorro' });
    const first = clock.now();
    expect(await guess(api, created.id, 'got_it')).toEqual({
      flashcard: created.id,
      correct: true,
      expected: 'cachorro',
      counted: true,
      status: 'learning',
      // The second learning step: ten minutes.
      next_review: later(10 * MINUTE_MS),
    });
    expect(await queued(api, deck.id)).toEqual([]);
    clock.advance(10 * MINUTE_MS);
    expect(await queued(api, deck.id)).toEqual([created.id]);
    const graduated = await guess(api, created.id, 'got_it');
    expect(graduated).toMatchObject({ status: 'learned', counted: true });
    expect(Date.parse(graduated.next_review) - clock.now().getTime()).toBeGreaterThanOrEqual(DAY_MS);
    expect(await card(api, created.id)).toMatchObject({
      status: 'learned',
      last_review: clock.now().toISOString(),
      next_review: graduated.next_review,
    });

    const logs = await logsOf(created.id);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      deckId: deck.id,
      method: 'guess',
      answer: null,
      rating: 3,
      // The state before the answer: new, then learning.
      state: 0,
      due: first,
      reviewedAt: first,
      localDay: localDay(first, 'America/Sao_Paulo'),
    });
    expect(logs[1]).toMatchObject({ rating: 3, state: 1, reviewedAt: clock.now() });
  });

  it('brings a card answered "was wrong" back in a minute', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    const result = await guess(api, created.id, 'was_wrong');
    expect(result).toMatchObject({
      correct: false,
      counted: true,
      status: 'learning',
      next_review: later(MINUTE_MS),
    });
    expect((await logsOf(created.id)).map((l) => l.rating)).toEqual([1]);
    expect(await queued(api, deck.id)).toEqual([]);
    clock.advance(MINUTE_MS);
    expect(await queued(api, deck.id)).toEqual([created.id]);
  });

  it('brings a learned card back when it falls due, and relearns it when forgotten', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    await guess(api, created.id, 'got_it');
    clock.advance(10 * MINUTE_MS);
    const { next_review } = await guess(api, created.id, 'got_it');
    clock.advance(Date.parse(next_review) - clock.now().getTime() - 1000);
    expect(await queued(api, deck.id)).toEqual([]);
    clock.advance(1000);
    expect(await queued(api, deck.id)).toEqual([created.id]);
    const forgotten = await guess(api, created.id, 'was_wrong');
    // Relearning step: ten minutes.
    expect(forgotten).toMatchObject({
      correct: false,
      status: 'learning',
      next_review: later(10 * MINUTE_MS),
    });
    const [row] = await database.db.select().from(flashcards).where(eq(flashcards.id, created.id));
    expect(row).toMatchObject({ state: 3, reps: 3, lapses: 1 });
  });

  it('checks a typed answer against the back, forgiving accents, case, punctuation and small typos', async () => {
    const { api, deck } = await learner(app, { language: 'pt' });
    const cases: Array<[string, string, boolean]> = [
      ['O coração', 'o coracao', true],
      ['O coração', '  O  CORAÇÃO! ', true],
      ['O coração', 'o coracoa', true],
      ['O coração', 'o coracau', true],
      ['O coração', 'o corazon', false],
      ['O coração', 'a casa', false],
      ['Sim', 'sim.', true],
      ['Sim', 'sin', false],
      ['Gato', 'gatp', true],
      ['Gato', 'gtp', false],
      ['Gato', '', false],
    ];
    for (const [back, answer, correct] of cases) {
      const created = await createCard(api, deck.id, { front: 'front', back });
      const result = await review(api, { flashcard: created.id, method: 'qa', answer });
      expect(result, `${back} / ${answer}`).toMatchObject({ correct, expected: back, counted: true });
      const [log] = await logsOf(created.id);
      expect(log, `${back} / ${answer}`).toMatchObject({ method: 'qa', answer, rating: correct ? 3 : 1 });
    }
  });

  it('asks a card whose front holds its word as a cloze: the typed word is checked, not the back', async () => {
    const { api, deck } = await learner(app, { language: 'pt' });
    const sentence = { front: 'Onde está o meu Passaporte?', back: 'Where is my passport?' };
    const cases: Array<[string, Record<string, string>, string, string, boolean]> = [
      // word, card, typed, expected, correct
      ['passaporte', sentence, 'passaporte', 'Passaporte', true],
      ['passaporte', sentence, ' PASSAPORTE ', 'Passaporte', true],
      ['passaporte', sentence, 'pasaporte', 'Passaporte', true],
      ['passaporte', sentence, 'Where is my passport?', 'Passaporte', false],
      ['passaporte', sentence, 'bilhete', 'Passaporte', false],
      // Found whole, accents and case aside; as the sentence writes it.
      ['esta', sentence, 'está', 'está', true],
      ['meu', sentence, 'teu', 'meu', false],
      // Not in the sentence whole (another form, part of a word) or the front is the word: the back.
      [
        'ir',
        { front: 'Eu vou ao mercado.', back: 'I go to the market.' },
        'I go to the market',
        'I go to the market.',
        true,
      ],
      ['pass', sentence, 'pass', 'Where is my passport?', false],
      ['gato', { front: 'Gato', back: 'Cat' }, 'cat', 'Cat', true],
    ];
    for (const [word, card, answer, expected, correct] of cases) {
      const created = await createCard(api, deck.id, { ...card, word, allow_duplicate: true });
      const result = await review(api, { flashcard: created.id, method: 'qa', answer });
      expect(result, `${word} / ${answer}`).toMatchObject({ correct, expected, counted: true });
    }
  });

  it('tells a session when its next learning step falls due, so that a failed card comes back in it', async () => {
    const { api, deck } = await learner(app);
    const [a, b] = [await createCard(api, deck.id), await createCard(api, deck.id)];
    expect(await queue(api, deck.id)).toMatchObject({ remaining: 2, next_due_seconds: null });
    await guess(api, a.id, 'was_wrong');
    clock.advance(5000);
    await guess(api, b.id, 'got_it');
    // Nothing due now; the failed card is due in a minute (55 s after the second answer).
    expect(await queue(api, deck.id)).toMatchObject({ cards: [], remaining: 0, next_due_seconds: 55 });
    clock.advance(55_000);
    const again = await queue(api, deck.id);
    expect(again.cards.map((c) => c.id)).toEqual([a.id]);
    expect(again.next_due_seconds).toBe(10 * 60 + 5 - 60);
    await guess(api, a.id, 'got_it');
    // Both cards are in their ten-minute step now: past a session's look-ahead.
    expect((await queue(api, deck.id)).next_due_seconds).toBeGreaterThan(SESSION_LOOKAHEAD_SECONDS);
  });

  it('lets a card that is not due be practised, scheduling it from the time that passed', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    await guess(api, created.id, 'got_it');
    clock.advance(10 * MINUTE_MS);
    const learned = await guess(api, created.id, 'got_it');
    clock.advance(MINUTE_MS);
    expect(await queued(api, deck.id)).toEqual([]);
    const practice = await guess(api, created.id, 'got_it');
    expect(practice).toMatchObject({ counted: true, status: 'learned' });
    expect(Date.parse(practice.next_review)).toBeGreaterThan(clock.now().getTime());
    expect(practice.next_review).not.toBe(learned.next_review);
    expect(await logsOf(created.id)).toHaveLength(3);
  });

  it('counts a card answered twice at once only once', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    const answers = await Promise.all([guess(api, created.id, 'got_it'), guess(api, created.id, 'got_it')]);
    expect(answers.map((a) => a.counted).sort()).toEqual([false, true]);
    expect(answers[0]!.next_review).toBe(answers[1]!.next_review);
    expect(answers[0]!.status).toBe('learning');
    expect(await logsOf(created.id)).toHaveLength(1);
    const [row] = await database.db.select().from(flashcards).where(eq(flashcards.id, created.id));
    expect(row!.reps).toBe(1);

    // The same answer sent again a moment later (a retried request) is not a second review either.
    clock.advance(1000);
    const retried = await guess(api, created.id, 'was_wrong');
    expect(retried).toMatchObject({ counted: false, correct: false, next_review: answers[0]!.next_review });
    expect(await logsOf(created.id)).toHaveLength(1);
    expect(await resume(api, deck.id)).toMatchObject({ reviewed: 1, correct: 1 });
  });

  it("saves the answers of learners sent at once, each once, and never another learner's card", async () => {
    const a = await learner(app);
    const b = await learner(app);
    const cardsOf = async (api: Client, deckId: string) => {
      const made: Flashcard[] = [];
      for (let n = 0; n < 8; n += 1) made.push(await createCard(api, deckId));
      return made;
    };
    const [mine, theirs] = [await cardsOf(a.api, a.deck.id), await cardsOf(b.api, b.deck.id)];
    const results = await Promise.all([
      ...mine.map((c, n) => guess(a.api, c.id, n % 2 ? 'got_it' : 'was_wrong')),
      ...theirs.map((c) => guess(b.api, c.id, 'got_it')),
      // The first card of each twice (a double tap), and one of b's cards from a.
      guess(a.api, mine[0]!.id, 'was_wrong'),
      guess(b.api, theirs[0]!.id, 'got_it'),
      a.api.post('/deck/reviews/', { flashcard: theirs[1]!.id, method: 'guess', result: 'was_wrong' }),
    ]);
    const answers = results.slice(0, 18) as Awaited<ReturnType<typeof guess>>[];
    expect(answers.filter((r) => r.counted)).toHaveLength(16);
    expect((results[18] as { statusCode: number }).statusCode).toBe(404);
    expect(await resume(a.api, a.deck.id)).toMatchObject({ reviewed: 8, correct: 4, new_seen: 8 });
    expect(await resume(b.api, b.deck.id)).toMatchObject({ reviewed: 8, correct: 8, new_seen: 8 });
    for (const c of [...mine, ...theirs]) expect(await logsOf(c.id)).toHaveLength(1);
    const [row] = await database.db.select().from(flashcards).where(eq(flashcards.id, theirs[1]!.id));
    expect(row).toMatchObject({ reps: 1, lapses: 0 });
    expect((await logsOf(theirs[1]!.id))[0]).toMatchObject({ userId: row!.userId, rating: 3 });
  });

  it('saves a schedule only over the state it was computed from', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    await guess(api, created.id, 'got_it');
    const [row] = await database.db.select().from(flashcards).where(eq(flashcards.id, created.id));
    // An answer computed from the card as it was before (0 repetitions) loses to the one saved.
    const stale = await flashcardsRepository.saveReview(
      database.db,
      created.id,
      0,
      { ...row!, reps: 1, due: new Date(0) },
      clock.now(),
    );
    expect(stale).toBeNull();
    expect((await card(api, created.id)).next_review).toBe(row!.due.toISOString());
  });

  it('validates the answer', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ flashcard: created.id }, 400, 'error.required'],
      [{ flashcard: created.id, method: 'shout' }, 400, 'error.invalid-value'],
      [{ flashcard: created.id, method: 'guess' }, 400, 'error.required'],
      [{ flashcard: created.id, method: 'guess', result: 'maybe' }, 400, 'error.invalid-value'],
      [{ flashcard: created.id, method: 'qa' }, 400, 'error.required'],
      [{ flashcard: created.id, method: 'qa', answer: 'x'.repeat(1001) }, 400, 'error.invalid-value'],
      [{ method: 'guess', result: 'got_it' }, 400, 'error.required'],
      [{ flashcard: 'abc', method: 'guess', result: 'got_it' }, 404, 'error.not-found'],
      [{ flashcard: randomUUID(), method: 'guess', result: 'got_it' }, 404, 'error.not-found'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await api.post('/deck/reviews/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
      if (status === 400) expect(Object.values(res.json().fields)).toContain(code);
    }
    expect(await card(api, created.id)).toEqual(created);
    expect(await logsOf(created.id)).toEqual([]);
  });
});

describe('GET /deck/decks/{id}/review/', () => {
  it('gives due cards first, longest due first, then new cards in the order they were made', async () => {
    const { api, deck } = await learner(app);
    const [a, b, c, d] = [
      await createCard(api, deck.id),
      await createCard(api, deck.id),
      await createCard(api, deck.id),
      await createCard(api, deck.id),
    ];
    clock.advance(1000);
    const e = await createCard(api, deck.id);
    const first = await queue(api, deck.id);
    expect(first.deck).toMatchObject({
      id: deck.id,
      stats: { new: 5, learning: 0, learned: 0, pending_review: 5 },
    });
    expect(first.remaining).toBe(5);
    await guess(api, c!.id, 'got_it'); // due in 10 minutes
    clock.advance(1000);
    await guess(api, a!.id, 'was_wrong'); // due in a minute
    clock.advance(11 * MINUTE_MS);
    const ordered = await queue(api, deck.id);
    const newOnes = [b!, d!].map((x) => x.id).sort();
    expect(ordered.cards.map((x) => x.id)).toEqual([a!.id, c!.id, ...newOnes, e.id]);
    expect(ordered.cards.map((x) => x.status)).toEqual(['learning', 'learning', 'new', 'new', 'new']);
    expect(ordered.remaining).toBe(5);
    expect(ordered.deck.stats).toEqual({ new: 3, learning: 2, learned: 0, pending_review: 5 });
  });

  it('introduces at most 20 new cards a day per deck, by the learner’s local day', async () => {
    const zone = 'Asia/Tokyo';
    const { api, deck } = await learner(app, { timezone: zone });
    toNextLocalDay(context, zone);
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      made.push((await createCard(api, deck.id)).id);
      clock.advance(1000);
    }
    const today = await queue(api, deck.id);
    expect(today.cards.map((c) => c.id)).toEqual(made.slice(0, NEW_CARDS_PER_DAY));
    expect(today.remaining).toBe(NEW_CARDS_PER_DAY);
    for (const id of made.slice(0, 15)) await guess(api, id, 'got_it');
    // Five more new cards today, whatever is left.
    const partway = await queue(api, deck.id);
    expect(partway.cards.map((c) => c.id)).toEqual(made.slice(15, 20));
    expect(partway.remaining).toBe(5);
    for (const id of made.slice(15, 20)) await guess(api, id, 'got_it');
    // The day's allowance is used: five new cards wait, none pending, so review is off until tomorrow.
    expect(await queue(api, deck.id)).toMatchObject({
      cards: [],
      remaining: 0,
      deck: { stats: { new: 5, pending_review: 0 } },
    });
    clock.advance(10 * MINUTE_MS);
    // The cards learning now come back; no new ones.
    const learning = await queue(api, deck.id);
    expect(learning.cards.map((c) => c.id).sort()).toEqual(made.slice(0, 20).sort());
    expect(learning.remaining).toBe(20);
    for (const id of made.slice(0, 20)) await guess(api, id, 'got_it');

    // Another deck has its own allowance.
    const other = await createDeck(api);
    const fresh = await createCard(api, other.id);
    expect(await queued(api, other.id)).toEqual([fresh.id]);

    toNextLocalDay(context, zone);
    const tomorrow = await queue(api, deck.id);
    expect(tomorrow.cards.filter((c) => c.status === 'new').map((c) => c.id)).toEqual(made.slice(20));
    expect(tomorrow.deck.stats.new).toBe(5);
  });

  it(`gives at most ${REVIEW_BATCH} cards at a time and counts them all`, async () => {
    const { api, deck } = await learner(app);
    const { id: userId } = body<{ id: string }>(await api.get('/auth/me/'));
    const due = new Date(clock.now().getTime() - DAY_MS);
    await database.db.insert(flashcards).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId,
        deckId: deck.id,
        front: `f${i}`,
        back: `b${i}`,
        language: 'en',
        searchText: `f${i} b${i}`,
        state: 2,
        reps: 2,
        stability: 3,
        difficulty: 5,
        due: new Date(due.getTime() + i * 1000),
        lastReview: new Date(due.getTime() - 3 * DAY_MS),
      })),
    );
    await createCard(api, deck.id);
    const batch = await queue(api, deck.id);
    expect(batch.cards).toHaveLength(REVIEW_BATCH);
    expect(batch.cards.every((c) => c.status === 'learned')).toBe(true);
    expect(batch.cards.map((c) => c.front)).toEqual(Array.from({ length: REVIEW_BATCH }, (_, i) => `f${i}`));
    expect(batch.remaining).toBe(61);
  });
});

describe('GET /deck/decks/{id}/review-resume/', () => {
  it("sums up the deck's answers of the learner's local day", async () => {
    const zone = 'America/Sao_Paulo';
    const { api, deck } = await learner(app, { timezone: zone });
    toNextLocalDay(context, zone);
    expect(await resume(api, deck.id)).toEqual({
      deck: expect.objectContaining({ id: deck.id }),
      reviewed: 0,
      correct: 0,
      wrong: 0,
      new_seen: 0,
      accuracy: 0,
      next_review: null,
    });
    const [a, b, c] = [
      await createCard(api, deck.id),
      await createCard(api, deck.id),
      await createCard(api, deck.id),
    ];
    await guess(api, a!.id, 'got_it');
    await guess(api, b!.id, 'was_wrong');
    await guess(api, c!.id, 'got_it');
    clock.advance(MINUTE_MS);
    await guess(api, b!.id, 'got_it');
    const today = await resume(api, deck.id);
    expect(today).toMatchObject({ reviewed: 4, correct: 3, wrong: 1, new_seen: 3, accuracy: 0.75 });
    expect(today.next_review).toBe(today.deck.next_review);
    expect(today.next_review).toBe(later(9 * MINUTE_MS));
    toNextLocalDay(context, zone);
    expect(await resume(api, deck.id)).toMatchObject({
      reviewed: 0,
      correct: 0,
      wrong: 0,
      new_seen: 0,
      accuracy: 0,
    });
  });
});

describe('GET /deck/statistics/summary/', () => {
  it('counts the review streak in local days, ending today or yesterday', async () => {
    const zone = 'America/Sao_Paulo';
    const { api, deck } = await learner(app, { timezone: zone });
    toNextLocalDay(context, zone);
    const cards = [];
    for (let i = 0; i < 5; i++) cards.push(await createCard(api, deck.id));
    const streak = async () => (await summary(api)).review_streak;
    expect(await streak()).toBe(0);
    await guess(api, cards[0]!.id, 'got_it');
    expect(await streak()).toBe(1);
    toNextLocalDay(context, zone);
    // Nothing yet today: the streak that ended yesterday still counts.
    expect(await streak()).toBe(1);
    await guess(api, cards[1]!.id, 'got_it');
    clock.advance(MINUTE_MS);
    await guess(api, cards[2]!.id, 'got_it');
    expect(await streak()).toBe(2);
    toNextLocalDay(context, zone);
    await guess(api, cards[3]!.id, 'got_it');
    expect(await streak()).toBe(3);
    toNextLocalDay(context, zone);
    toNextLocalDay(context, zone);
    // A day without reviews ends it.
    expect(await streak()).toBe(0);
    await guess(api, cards[4]!.id, 'got_it');
    expect(await streak()).toBe(1);
  });

  it('counts cards due in all decks, made today (local day) and in all', async () => {
    const zone = 'America/Sao_Paulo';
    const { api, deck } = await learner(app, { timezone: zone });
    // Late evening in São Paulo is already the next day in UTC.
    toNextLocalDay(context, zone, 22);
    const other = await createDeck(api, { language: 'es' });
    const [a, b] = [await createCard(api, deck.id), await createCard(api, other.id)];
    await createCard(api, other.id);
    expect(await summary(api)).toEqual({
      review_streak: 0,
      // New cards count: the review queue offers them.
      pending_review: 3,
      flashcards_created_today: 3,
      total_flashcards: 3,
    });
    await guess(api, a.id, 'was_wrong');
    await guess(api, b.id, 'was_wrong');
    clock.advance(MINUTE_MS);
    expect(await summary(api)).toMatchObject({ pending_review: 3, flashcards_created_today: 3 });
    clock.advance(120 * MINUTE_MS);
    // Past midnight in São Paulo: a new local day.
    expect(await summary(api)).toMatchObject({
      flashcards_created_today: 0,
      total_flashcards: 3,
      review_streak: 1,
    });
    await createCard(api, deck.id);
    expect(await summary(api)).toMatchObject({ flashcards_created_today: 1, total_flashcards: 4 });
  });
});

describe('the test clock (TEST_CLOCK)', () => {
  it('moves the server’s time when asked, so that cards fall due', async () => {
    const testing = await build({ TEST_CLOCK: true, ACCESS_TOKEN_TTL_SECONDS: SESSION_SECONDS });
    const { api, deck } = await learner(testing.app);
    const created = await createCard(api, deck.id);
    const { next_review } = await guess(api, created.id, 'was_wrong');
    expect((await queue(api, deck.id)).cards).toEqual([]);
    const before = testing.clock.now().getTime();
    const anonymous = client(testing.app, null);
    const moved = body<{ now: string }>(await anonymous.post('/dev/clock/', { advance_seconds: 60 }));
    expect(moved.now).toBe(new Date(before + 60_000).toISOString());
    expect(moved.now).toBe(next_review);
    expect((await queue(api, deck.id)).cards.map((c) => c.id)).toEqual([created.id]);
    for (const payload of [
      {},
      { advance_seconds: -1 },
      { advance_seconds: 1.5 },
      { advance_seconds: 'soon' },
    ]) {
      const res = await anonymous.post('/dev/clock/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(testing.clock.now().getTime()).toBe(before + 60_000);
  });

  it('is not there without the flag', async () => {
    const res = await client(app, null).post('/dev/clock/', { advance_seconds: 60 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('error.not-found');
  });
});
