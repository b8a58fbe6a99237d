import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DECK_ICONS, type Deck, type FeatureAccess, type Flashcard } from '@lendo/shared';
import { reviewLogs, users } from '../src/db/schema.ts';
import {
  DAY_MS,
  MINUTE_MS,
  body,
  client,
  createCard,
  createDeck,
  guess,
  learner,
  type Client,
} from './deck-helpers.ts';
import { build, signup } from './helper.ts';
import { onboard } from './story-helpers.ts';

// Sessions outlive the months the clock is moved through.
const { app, clock, database } = await build({ ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60 });

const list = async (api: Client, query = '') => body<Deck[]>(await api.get(`/deck/decks/${query}`));

describe('the default deck', () => {
  it('is created when onboarding completes, named in the interface language', async () => {
    for (const [locale, name] of [
      ['pt', 'Meu baralho'],
      ['en', 'My deck'],
      ['es', 'Mi mazo'],
    ] as const) {
      const { deck } = await learner(app, { locale, language: 'es' });
      expect(deck).toEqual({
        id: expect.any(String),
        name,
        description: '',
        icon: 'student',
        language: 'es',
        stats: { new: 0, learning: 0, learned: 0, pending_review: 0 },
        card_count: 0,
        created_at: clock.now().toISOString(),
        last_review: null,
        next_review: null,
      });
    }
  });

  it('is created once per language the learner studies', async () => {
    const { tokens, api } = await learner(app, { language: 'en' });
    await onboard(app, tokens, { language: 'en', proficiency: 'advanced', motivation: 'career' });
    expect(await list(api)).toHaveLength(1);
    clock.advance(1000);
    await onboard(app, tokens, { language: 'pt', proficiency: 'beginner', motivation: 'travel' });
    const decks = await list(api);
    expect(decks.map((d) => d.language)).toEqual(['en', 'pt']);
  });

  it('is created on listing for an account from before decks', async () => {
    const { tokens } = await signup(app, { locale: 'en' });
    const api = client(app, tokens);
    // Not onboarded: no language studied, no deck.
    expect(await list(api)).toEqual([]);
    const me = body<{ id: string }>(await api.get('/auth/me/'));
    await database.db
      .update(users)
      .set({ learningLanguage: 'pt', onboardingCompleted: true })
      .where(eq(users.id, me.id));
    // Written behind the app's back: it must be told, as every writer of an account does.
    await app.accountCache.invalidate(me.id);
    expect(await list(api, '?language=en')).toEqual([]);
    const [deck] = await list(api, '?language=pt');
    expect(deck).toMatchObject({ name: 'My deck', language: 'pt' });
    expect(await list(api)).toEqual([deck]);
  });
});

describe('POST /deck/decks/', () => {
  it('creates a deck with the icon and description defaulted', async () => {
    const { api } = await learner(app);
    const created = await createDeck(api, { name: '  Viagem  ', language: 'es' });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Viagem',
      description: '',
      icon: 'student',
      language: 'es',
      stats: { new: 0, learning: 0, learned: 0, pending_review: 0 },
      card_count: 0,
      created_at: clock.now().toISOString(),
      last_review: null,
      next_review: null,
    });
    const full = await createDeck(api, { name: 'Work', description: 'Office words', icon: 'ufo' });
    expect(full).toMatchObject({ name: 'Work', description: 'Office words', icon: 'ufo', language: 'en' });
    expect(body<Deck>(await api.get(`/deck/decks/${full.id}/`))).toEqual(full);
  });

  it('accepts every icon', async () => {
    const { api } = await learner(app);
    const deck = await createDeck(api);
    for (const icon of DECK_ICONS) {
      const res = await api.put(`/deck/decks/${deck.id}/`, { name: 'Deck', language: 'en', icon });
      expect(body<Deck>(res).icon).toBe(icon);
    }
  });

  it('rejects a deck without a name, or with bad values, creating nothing', async () => {
    const { api } = await learner(app);
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ language: 'en' }, 'decks.deck-name-error', { name: 'decks.deck-name-error' }],
      [{ name: '   ', language: 'en' }, 'decks.deck-name-error', { name: 'decks.deck-name-error' }],
      [{ name: 'x'.repeat(61), language: 'en' }, 'error.invalid-value', { name: 'error.invalid-value' }],
      [{ name: 'Deck' }, 'error.required', { language: 'error.required' }],
      [{ name: 'Deck', language: 'fr' }, 'error.invalid-value', { language: 'error.invalid-value' }],
      [
        { name: 'Deck', language: 'en', icon: 'dragon' },
        'error.invalid-value',
        { icon: 'error.invalid-value' },
      ],
      [
        { name: 'Deck', language: 'en', description: 'x'.repeat(301) },
        'error.invalid-value',
        { description: 'error.invalid-value' },
      ],
    ];
    for (const [payload, code, fields] of cases) {
      const res = await api.post('/deck/decks/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message: expect.any(String), code, fields });
    }
    expect(await list(api)).toHaveLength(1);
  });

  it("stops at the plan's five decks (403 limits.decks) and allows one again after a deletion", async () => {
    const { api, deck: first } = await learner(app);
    const access = async () =>
      body<FeatureAccess>(await api.get('/billing/feature-access/?feature=create_deck')).has_access;
    for (let i = 2; i <= 5; i++) {
      expect(await access()).toBe(true);
      await createDeck(api, { name: `Deck ${i}` });
    }
    expect(await access()).toBe(false);
    const refused = await api.post('/deck/decks/', { name: 'Sixth', language: 'pt' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You have reached the number of decks your plan allows.',
      code: 'limits.decks',
    });
    expect(await list(api)).toHaveLength(5);
    expect((await api.delete(`/deck/decks/${first.id}/`)).statusCode).toBe(204);
    expect(await access()).toBe(true);
    await createDeck(api, { name: 'Sixth' });
  });

  it('creates no more decks than the plan allows when asked at once', async () => {
    const { api } = await learner(app);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/deck/decks/', { name: `Deck ${i}`, language: 'en' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 403, 403]);
    expect(await list(api)).toHaveLength(5);
  });
});

describe('GET /deck/decks/', () => {
  it('lists the learner’s decks oldest first, by language', async () => {
    const { api, deck } = await learner(app);
    clock.advance(1000);
    const spanish = await createDeck(api, { name: 'Español', language: 'es' });
    clock.advance(1000);
    const english = await createDeck(api, { name: 'Inglês' });
    expect((await list(api)).map((d) => d.id)).toEqual([deck.id, spanish.id, english.id]);
    expect((await list(api, '?language=en')).map((d) => d.id)).toEqual([deck.id, english.id]);
    expect((await list(api, '?language=es')).map((d) => d.id)).toEqual([spanish.id]);
    expect(await list(api, '?language=pt')).toEqual([]);
    const bad = await api.get('/deck/decks/?language=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'error.invalid-value',
      fields: { language: 'error.invalid-value' },
    });
  });

  it('counts new, learning, learned and due cards, with the last and next review', async () => {
    const { api, deck } = await learner(app);
    const [a, b, c] = [
      await createCard(api, deck.id),
      await createCard(api, deck.id),
      await createCard(api, deck.id),
    ];
    await createCard(api, deck.id);
    const created = clock.now();
    const stats = async () => body<Deck>(await api.get(`/deck/decks/${deck.id}/`));
    expect(await stats()).toMatchObject({
      stats: { new: 4, learning: 0, learned: 0, pending_review: 4 },
      card_count: 4,
      last_review: null,
      next_review: created.toISOString(),
    });

    // a: Again (due in a minute); b: Good twice (in review, due in days); c: Good once (learning).
    await guess(api, a!.id, 'was_wrong');
    await guess(api, b!.id, 'got_it');
    await guess(api, c!.id, 'got_it');
    clock.advance(10 * MINUTE_MS);
    await guess(api, b!.id, 'got_it');
    const reviewedAt = clock.now();
    const afterB = body<Flashcard>(await api.get(`/deck/flashcards/${b!.id}/`));
    expect(afterB.status).toBe('learned');
    // a and c are due now (learning); b is learned and due later; one card is new, and the deck
    // may still introduce it today: it is pending too.
    expect(await stats()).toMatchObject({
      stats: { new: 1, learning: 2, learned: 1, pending_review: 3 },
      card_count: 4,
      last_review: reviewedAt.toISOString(),
      // The new card was due from its creation.
      next_review: created.toISOString(),
    });
    // In the list, in one grouped query, the same figures.
    const [listed] = (await list(api)).filter((d) => d.id === deck.id);
    expect(listed).toEqual(await stats());
    clock.advance(30 * DAY_MS);
    // Learned stays learned when it falls due: it is due now as well.
    expect((await stats()).stats).toEqual({ new: 1, learning: 2, learned: 1, pending_review: 4 });
  });
});

describe('PUT and DELETE /deck/decks/{id}/', () => {
  it('updates a deck', async () => {
    const { api } = await learner(app);
    const deck = await createDeck(api, { name: 'Old', language: 'en' });
    const updated = body<Deck>(
      await api.put(`/deck/decks/${deck.id}/`, {
        name: 'New',
        description: 'Desc',
        icon: 'tree',
        language: 'pt',
      }),
    );
    expect(updated).toEqual({ ...deck, name: 'New', description: 'Desc', icon: 'tree', language: 'pt' });
    const invalid = await api.put(`/deck/decks/${deck.id}/`, { name: '', language: 'pt' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'decks.deck-name-error',
      fields: { name: 'decks.deck-name-error' },
    });
    expect(body<Deck>(await api.get(`/deck/decks/${deck.id}/`))).toEqual(updated);
  });

  it('keeps the last deck of a language: no deletion and no move to another language', async () => {
    const { api, deck } = await learner(app);
    const card = await createCard(api, deck.id);
    const deleted = await api.delete(`/deck/decks/${deck.id}/`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({
      message: 'The last deck of a language cannot be deleted.',
      code: 'decks.last-deck',
    });
    const moved = await api.put(`/deck/decks/${deck.id}/`, { name: deck.name, language: 'es' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('decks.last-deck');
    expect(body<Deck>(await api.get(`/deck/decks/${deck.id}/`))).toMatchObject({
      language: 'en',
      card_count: 1,
    });
    expect((await api.get(`/deck/flashcards/${card.id}/`)).statusCode).toBe(200);
    // Renaming the last deck is fine.
    expect(
      body<Deck>(await api.put(`/deck/decks/${deck.id}/`, { name: 'Renamed', language: 'en' })).name,
    ).toBe('Renamed');
  });

  it('deletes a deck with its cards and keeps their review history', async () => {
    const { api, deck } = await learner(app);
    const other = await createDeck(api);
    const card = await createCard(api, other.id);
    await guess(api, card.id, 'got_it');
    expect((await api.delete(`/deck/decks/${other.id}/`)).statusCode).toBe(204);
    expect((await api.get(`/deck/decks/${other.id}/`)).statusCode).toBe(404);
    expect((await api.get(`/deck/flashcards/${card.id}/`)).statusCode).toBe(404);
    expect((await api.delete(`/deck/decks/${other.id}/`)).statusCode).toBe(404);
    const me = body<{ id: string }>(await api.get('/auth/me/'));
    const logs = await database.db.select().from(reviewLogs).where(eq(reviewLogs.userId, me.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ deckId: null, flashcardId: null, rating: 3, state: 0 });
    expect((await list(api)).map((d) => d.id)).toEqual([deck.id]);
  });
});

describe('ownership', () => {
  it("answers 404 for another learner's deck, whatever the call, and changes nothing", async () => {
    const owner = await learner(app);
    const card = await createCard(owner.api, owner.deck.id);
    clock.advance(1000);
    const second = await createDeck(owner.api);
    const intruder = await learner(app);
    const id = owner.deck.id;
    const attempts = [
      intruder.api.get(`/deck/decks/${id}/`),
      intruder.api.put(`/deck/decks/${id}/`, { name: 'Mine', language: 'en' }),
      intruder.api.delete(`/deck/decks/${second.id}/`),
      intruder.api.get(`/deck/decks/${id}/flashcards/`),
      intruder.api.post(`/deck/decks/${id}/flashcards/`, { front: 'a', back: 'b' }),
      intruder.api.get(`/deck/decks/${id}/review/`),
      intruder.api.get(`/deck/decks/${id}/review-resume/`),
      intruder.api.get(`/deck/flashcards/${card.id}/`),
      intruder.api.put(`/deck/flashcards/${card.id}/`, { deck: intruder.deck.id, front: 'x', back: 'y' }),
      intruder.api.delete(`/deck/flashcards/${card.id}/`),
      intruder.api.post('/deck/reviews/', { flashcard: card.id, method: 'guess', result: 'got_it' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
    }
    // Nor may the owner move a card into the intruder's deck.
    const move = await owner.api.put(`/deck/flashcards/${card.id}/`, {
      deck: intruder.deck.id,
      front: 'x',
      back: 'y',
    });
    expect(move.statusCode).toBe(404);
    expect(body<Flashcard>(await owner.api.get(`/deck/flashcards/${card.id}/`))).toEqual(card);
    expect(body<Deck>(await owner.api.get(`/deck/decks/${id}/`))).toMatchObject({
      name: owner.deck.name,
      card_count: 1,
      stats: { new: 1, learning: 0, learned: 0, pending_review: 1 },
    });
    expect((await list(intruder.api)).map((d) => d.id)).toEqual([intruder.deck.id]);
    expect((await list(owner.api)).map((d) => d.id)).toEqual([id, second.id]);
  });

  it('answers 404 for ids that cannot exist, and 401 without a session', async () => {
    const { api } = await learner(app);
    for (const id of ['nope', '123', randomUUID()]) {
      for (const res of [
        await api.get(`/deck/decks/${id}/`),
        await api.delete(`/deck/decks/${id}/`),
        await api.get(`/deck/decks/${id}/review/`),
        await api.get(`/deck/flashcards/${id}/`),
        await api.post(`/deck/decks/${id}/flashcards/`, { front: 'a', back: 'b' }),
      ]) {
        expect(res.statusCode, `${id} ${res.body}`).toBe(404);
        expect(res.json().code).toBe('error.not-found');
      }
    }
    const anonymous = client(app, null);
    for (const res of [
      await anonymous.get('/deck/decks/'),
      await anonymous.post('/deck/decks/', { name: 'x', language: 'en' }),
      await anonymous.get('/deck/statistics/summary/'),
      await anonymous.post('/deck/reviews/', { flashcard: randomUUID(), method: 'guess', result: 'got_it' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('error.unauthorized');
    }
  });
});

it('documents the deck endpoints in the OpenAPI output', async () => {
  const doc = (await app.inject({ url: '/api/docs/json' })).json();
  for (const path of [
    '/deck/decks/',
    '/deck/decks/{id}/',
    '/deck/decks/{id}/flashcards/',
    '/deck/flashcards/{id}/',
    '/deck/decks/{id}/review/',
    '/deck/reviews/',
    '/deck/decks/{id}/review-resume/',
    '/deck/statistics/summary/',
  ]) {
    expect(doc.paths, path).toHaveProperty([path]);
    for (const operation of Object.values(doc.paths[path]) as Array<{ tags: string[] }>) {
      expect(operation.tags, path).toEqual(['decks']);
    }
  }
  for (const path of ['/billing/feature-access/', '/billing/usage/']) {
    expect(doc.paths[path].get.tags, path).toEqual(['billing']);
  }
});

describe('deck counters (DESIGN §5)', () => {
  /** Brings a new card to a state: learning, relearning, or learned (in review). */
  async function drive(api: Client, cardId: string, state: 'new' | 'learning' | 'relearning' | 'learned') {
    if (state === 'new') return;
    if (state === 'learning') {
      await guess(api, cardId, 'was_wrong');
      return;
    }
    await guess(api, cardId, 'got_it');
    clock.advance(10 * MINUTE_MS);
    const learned = await guess(api, cardId, 'got_it');
    if (state === 'learned') return;
    clock.advance(Date.parse(learned.next_review) - clock.now().getTime());
    await guess(api, cardId, 'was_wrong');
  }

  it('add up to the card count for every mix of card states, due or not', async () => {
    const { api, deck } = await learner(app);
    const get = async () => body<Deck>(await api.get(`/deck/decks/${deck.id}/`));
    const expected = { new: 0, learning: 0, learned: 0 };
    // Every state after every other (and each twice), so that every mix of them is met on the way.
    const states = ['new', 'learning', 'relearning', 'learned'] as const;
    const order = states.flatMap((a) => states.map((b) => [a, b] as const)).flat();
    for (const state of order) {
      const card = await createCard(api, deck.id);
      await drive(api, card.id, state);
      expected[state === 'relearning' ? 'learning' : state] += 1;
      for (const wait of [0, MINUTE_MS, DAY_MS]) {
        clock.advance(wait);
        const current = await get();
        const { new: fresh, learning, learned, pending_review } = current.stats;
        expect(current.stats, `${state} +${wait}`).toMatchObject(expected);
        expect(fresh + learning + learned).toBe(current.card_count);
        expect(pending_review).toBeLessThanOrEqual(current.card_count);
        const [listed] = (await list(api)).filter((d) => d.id === deck.id);
        expect(listed!.stats).toEqual(current.stats);
      }
    }
  });

  it('count one new card once, and four reviewed cards as learning', async () => {
    const { api, deck } = await learner(app);
    const get = async () => body<Deck>(await api.get(`/deck/decks/${deck.id}/`));
    const first = await createCard(api, deck.id);
    expect((await get()).stats).toEqual({ new: 1, learning: 0, learned: 0, pending_review: 1 });
    const others = [
      await createCard(api, deck.id),
      await createCard(api, deck.id),
      await createCard(api, deck.id),
    ];
    for (const card of [first, ...others]) await guess(api, card.id, 'got_it');
    expect(await get()).toMatchObject({
      card_count: 4,
      stats: { new: 0, learning: 4, learned: 0, pending_review: 0 },
    });
  });
});
