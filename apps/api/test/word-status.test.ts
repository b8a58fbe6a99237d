import { describe, expect, it } from 'vitest';
import type {
  Flashcard,
  MarkKnownResult,
  WordLookupResult,
  WordStatusMap,
  WordStatusResult,
  WordStatusSummary,
} from '@lendo/shared';
import { sql } from 'drizzle-orm';
import { MINUTE_MS, body, client, createCard, guess, learner, type Client } from './deck-helpers.ts';
import { build } from './helper.ts';

// Tokens outlive the days the clock is moved on.
const ctx = await build({ ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60 });
const { app, clock, database } = ctx;

const statuses = async (api: Client, language = 'en') =>
  body<WordStatusMap>(await api.get(`/words/statuses/?language=${language}`)).statuses;
const setStatus = async (api: Client, lemma: string, status: string, language = 'en') =>
  body<WordStatusResult>(await api.put('/words/statuses/', { language, lemma, status }));
const lookUp = async (api: Client, lemma: string, language = 'en') =>
  body<WordLookupResult>(await api.post('/words/lookups/', { language, lemma }));
const summary = async (api: Client) =>
  body<WordStatusSummary>(await api.get('/words/statuses/summary/')).languages;
const card = async (api: Client, id: string) => body<Flashcard>(await api.get(`/deck/flashcards/${id}/`));

/** Answers "got it" until the card is in long-term review (two learning steps). */
async function learn(api: Client, id: string) {
  await guess(api, id, 'got_it');
  clock.advance(10 * MINUTE_MS);
  const graduated = await guess(api, id, 'got_it');
  expect(graduated.status).toBe('learned');
  return graduated;
}

describe('word statuses', () => {
  it('start new, are set one at a time, and "new" forgets them', async () => {
    const { api } = await learner(app);
    expect(await statuses(api)).toEqual({});
    expect(await setStatus(api, 'House', 'learning')).toEqual({
      language: 'en',
      lemma: 'house',
      status: 'learning',
    });
    await setStatus(api, 'dog', 'known');
    await setStatus(api, 'tom', 'ignored');
    expect(await statuses(api)).toEqual({ house: 'learning', dog: 'known', tom: 'ignored' });
    expect(await statuses(api, 'es')).toEqual({});
    await setStatus(api, 'house', 'known');
    await setStatus(api, 'dog', 'new');
    expect(await statuses(api)).toEqual({ house: 'known', tom: 'ignored' });
  });

  it('count known and learning words per language on the summary, ignored ones aside', async () => {
    const { api } = await learner(app);
    await setStatus(api, 'house', 'known');
    await setStatus(api, 'dog', 'known');
    await setStatus(api, 'cat', 'learning');
    await setStatus(api, 'tom', 'ignored');
    await setStatus(api, 'casa', 'known', 'es');
    expect(await summary(api)).toEqual([
      { language: 'en', known: 2, learning: 1 },
      { language: 'es', known: 1, learning: 0 },
      { language: 'pt', known: 0, learning: 0 },
    ]);
  });

  it('mark only the words still new as known', async () => {
    const { api } = await learner(app);
    await setStatus(api, 'cat', 'learning');
    await setStatus(api, 'tom', 'ignored');
    const marked = body<MarkKnownResult>(
      await api.post('/words/statuses/known/', {
        language: 'en',
        lemmas: ['cat', 'dog', 'tom', 'sun', 'dog'],
      }),
    );
    expect(marked).toEqual({ marked: 2 });
    expect(await statuses(api)).toEqual({ cat: 'learning', tom: 'ignored', dog: 'known', sun: 'known' });
  });

  it('belong to their learner only', async () => {
    const a = await learner(app);
    const b = await learner(app);
    await setStatus(a.api, 'house', 'known');
    expect(await statuses(b.api)).toEqual({});
    await setStatus(b.api, 'house', 'new');
    expect(await statuses(a.api)).toEqual({ house: 'known' });
    expect((await summary(b.api)).find((l) => l.language === 'en')).toEqual({
      language: 'en',
      known: 0,
      learning: 0,
    });
  });

  it('refuse bad input with 400 and the error shape, and anonymous callers with 401', async () => {
    const { api } = await learner(app);
    const bad = [
      await api.put('/words/statuses/', { language: 'de', lemma: 'haus', status: 'known' }),
      await api.put('/words/statuses/', { language: 'en', lemma: '  ', status: 'known' }),
      await api.put('/words/statuses/', { language: 'en', lemma: 'x'.repeat(65), status: 'known' }),
      await api.put('/words/statuses/', { language: 'en', lemma: 'house', status: 'mastered' }),
      await api.post('/words/statuses/known/', { language: 'en', lemmas: [] }),
      await api.post('/words/statuses/known/', { language: 'en', lemmas: Array(501).fill('a') }),
      await api.post('/words/lookups/', { language: 'en' }),
      await api.get('/words/statuses/?language=xx'),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: expect.any(String),
        code: expect.stringMatching(/^error\./),
      });
    }
    expect(await statuses(api)).toEqual({});
    const anonymous = client(app, null);
    expect((await anonymous.get('/words/statuses/?language=en')).statusCode).toBe(401);
    expect(
      (await anonymous.put('/words/statuses/', { language: 'en', lemma: 'a', status: 'known' })).statusCode,
    ).toBe(401);
    expect((await anonymous.post('/words/lookups/', { language: 'en', lemma: 'a' })).statusCode).toBe(401);
  });
});

describe('looking words up and carding them', () => {
  it('makes a new word learning and leaves a known or ignored one as it is', async () => {
    const { api } = await learner(app);
    await setStatus(api, 'dog', 'known');
    await setStatus(api, 'tom', 'ignored');
    expect(await lookUp(api, 'house')).toEqual({
      language: 'en',
      lemma: 'house',
      status: 'learning',
      lapsed: 0,
    });
    expect(await lookUp(api, 'dog')).toMatchObject({ status: 'known' });
    expect(await lookUp(api, 'tom')).toMatchObject({ status: 'ignored' });
    expect(await statuses(api)).toEqual({ dog: 'known', tom: 'ignored', house: 'learning' });
  });

  it('makes a carded word learning, and known once its card is learned', async () => {
    const { api, deck } = await learner(app);
    const created = await createCard(api, deck.id, {
      word: 'Passport',
      front: 'passport',
      back: 'passaporte',
    });
    expect(await statuses(api)).toEqual({ passport: 'learning' });
    await learn(api, created.id);
    expect(await statuses(api)).toEqual({ passport: 'known' });
  });

  it('makes the word of a learned card known again each time it is answered, unless ignored', async () => {
    const { api, deck } = await learner(app);
    const kept = await createCard(api, deck.id, { word: 'ticket', front: 'ticket', back: 'bilhete' });
    const shunned = await createCard(api, deck.id, { word: 'queue', front: 'queue', back: 'fila' });
    await learn(api, kept.id);
    await learn(api, shunned.id);
    await setStatus(api, 'ticket', 'learning');
    await setStatus(api, 'queue', 'ignored');
    // Practised before it is due, both at once: still learned, and no points left to pay.
    clock.advance(MINUTE_MS);
    const answers = await Promise.all([guess(api, kept.id, 'got_it'), guess(api, shunned.id, 'got_it')]);
    expect(answers.map((a) => [a.counted, a.status])).toEqual([
      [true, 'learned'],
      [true, 'learned'],
    ]);
    expect(await statuses(api)).toEqual({ ticket: 'known', queue: 'ignored' });
  });
});

describe('reading counts as review', () => {
  const reviewMethods = async (cardId: string) =>
    (
      await database.db.execute<{ method: string; rating: number }>(
        sql`select method, rating from review_logs where flashcard_id = ${cardId} order by reviewed_at`,
      )
    ).rows;

  it('lapses the due card of a word looked up again, and leaves the others alone', async () => {
    const { api, deck } = await learner(app);
    const looked = await createCard(api, deck.id, { word: 'river', front: 'river', back: 'rio' });
    const readOnly = await createCard(api, deck.id, { word: 'bridge', front: 'bridge', back: 'ponte' });
    await learn(api, looked.id);
    const { next_review } = await learn(api, readOnly.id);

    // Not due yet: a look-up changes nothing.
    expect(await lookUp(api, 'river')).toMatchObject({ status: 'known', lapsed: 0 });
    clock.advance(Date.parse(next_review) - clock.now().getTime() + MINUTE_MS);

    expect(await lookUp(api, 'River')).toEqual({
      language: 'en',
      lemma: 'river',
      status: 'known',
      lapsed: 1,
    });
    expect(await card(api, looked.id)).toMatchObject({ status: 'learning' });
    expect(await reviewMethods(looked.id)).toEqual([
      { method: 'guess', rating: 3 },
      { method: 'guess', rating: 3 },
      { method: 'reading', rating: 1 },
    ]);
    // The same look-up again, at once, is not a second lapse.
    expect(await lookUp(api, 'river')).toMatchObject({ lapsed: 0 });

    // "bridge" was due too, but only read, not looked up: still learned and due.
    expect(await card(api, readOnly.id)).toMatchObject({ status: 'learned' });
    expect(await reviewMethods(readOnly.id)).toHaveLength(2);
  });

  it("never touches another learner's cards", async () => {
    const owner = await learner(app);
    const other = await learner(app);
    const created = await createCard(owner.api, owner.deck.id, {
      word: 'lamp',
      front: 'lamp',
      back: 'lâmpada',
    });
    const { next_review } = await learn(owner.api, created.id);
    clock.advance(Date.parse(next_review) - clock.now().getTime() + MINUTE_MS);
    expect(await lookUp(other.api, 'lamp')).toMatchObject({ lapsed: 0 });
    expect(await card(owner.api, created.id)).toMatchObject({ status: 'learned' });
  });
});
