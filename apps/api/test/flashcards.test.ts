import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FLASHCARDS_PAGE_SIZE, type Deck, type Flashcard, type FlashcardPage } from '@lendo/shared';
import { body, createCard, createDeck, guess, learner, MINUTE_MS, type Client } from './deck-helpers.ts';
import { build } from './helper.ts';

const { app, clock } = await build({ ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60 });

const page = async (api: Client, deckId: string, query = '') =>
  body<FlashcardPage>(await api.get(`/deck/decks/${deckId}/flashcards/${query}`));

describe('POST /deck/decks/{id}/flashcards/', () => {
  it("creates a new card, in the deck's language unless given", async () => {
    const { api, deck } = await learner(app, { language: 'es' });
    const res = await api.post(`/deck/decks/${deck.id}/flashcards/`, {
      word: ' casa ',
      front: ' La casa es grande. ',
      back: 'The house is big.',
    });
    const card = body<Flashcard>(res, 201);
    expect(card).toEqual({
      id: expect.any(String),
      deck: deck.id,
      word: 'casa',
      front: 'La casa es grande.',
      back: 'The house is big.',
      language: 'es',
      status: 'new',
      last_review: null,
      next_review: clock.now().toISOString(),
      created_at: clock.now().toISOString(),
    });
    expect(body<Flashcard>(await api.get(`/deck/flashcards/${card.id}/`))).toEqual(card);
    const english = await createCard(api, deck.id, { language: 'en' });
    expect(english).toMatchObject({ language: 'en', word: '' });
    expect(body<Deck>(await api.get(`/deck/decks/${deck.id}/`))).toMatchObject({
      card_count: 2,
      stats: { new: 2, learning: 0, learned: 0, pending_review: 2 },
    });
  });

  it('requires a front and a back, creating nothing otherwise', async () => {
    const { api, deck } = await learner(app);
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ back: 'b' }, 'flashcard.front-error', { front: 'flashcard.front-error' }],
      [{ front: '  ', back: 'b' }, 'flashcard.front-error', { front: 'flashcard.front-error' }],
      [{ front: 'f' }, 'flashcard.back-error', { back: 'flashcard.back-error' }],
      [{ front: 'f', back: '' }, 'flashcard.back-error', { back: 'flashcard.back-error' }],
      [{ front: 'f', back: 'b', language: 'fr' }, 'error.invalid-value', { language: 'error.invalid-value' }],
      [{ front: 'x'.repeat(1001), back: 'b' }, 'error.invalid-value', { front: 'error.invalid-value' }],
      [
        { front: 'f', back: 'b', word: 'x'.repeat(101) },
        'error.invalid-value',
        { word: 'error.invalid-value' },
      ],
      [{ front: 'f', back: 42 }, 'flashcard.back-error', { back: 'flashcard.back-error' }],
    ];
    for (const [payload, code, fields] of cases) {
      const res = await api.post(`/deck/decks/${deck.id}/flashcards/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message: expect.any(String), code, fields });
    }
    const both = await api.post(`/deck/decks/${deck.id}/flashcards/`, {});
    expect(both.json().fields).toEqual({ front: 'flashcard.front-error', back: 'flashcard.back-error' });
    expect((await page(api, deck.id)).count).toBe(0);
    // Refused cards do not count against the month's flashcards.
    const usage = body<{ meters: Array<{ meter: string; used: number }> }>(await api.get('/billing/usage/'));
    expect(usage.meters.find((m) => m.meter === 'flashcards')!.used).toBe(0);
  });
});

describe('GET /deck/decks/{id}/flashcards/', () => {
  it('pages the cards newest first', async () => {
    const { api, deck } = await learner(app);
    const made: Flashcard[] = [];
    for (let i = 0; i < FLASHCARDS_PAGE_SIZE + 5; i++) {
      made.push(await createCard(api, deck.id));
      clock.advance(1000);
    }
    const newestFirst = made.map((c) => c.id).reverse();
    const first = await page(api, deck.id);
    expect(first).toMatchObject({ count: 25, page: 1, page_size: FLASHCARDS_PAGE_SIZE });
    expect(first.results.map((c) => c.id)).toEqual(newestFirst.slice(0, 20));
    const second = await page(api, deck.id, '?page=2');
    expect(second).toMatchObject({ count: 25, page: 2 });
    expect(second.results.map((c) => c.id)).toEqual(newestFirst.slice(20));
    expect(await page(api, deck.id, '?page=3')).toEqual({ count: 25, page: 3, page_size: 20, results: [] });
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1.5']) {
      const res = await api.get(`/deck/decks/${deck.id}/flashcards/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        code: 'error.invalid-value',
        fields: { page: 'error.invalid-value' },
      });
    }
  });

  it('searches word, front and back, ignoring case and accents', async () => {
    const { api, deck } = await learner(app, { language: 'pt' });
    const coracao = await createCard(api, deck.id, {
      word: 'coração',
      front: 'Meu coração bate.',
      back: 'My heart beats.',
    });
    const pao = await createCard(api, deck.id, { front: 'O pão está quente.', back: 'The BREAD is hot.' });
    await createCard(api, deck.id, { front: 'A água.', back: 'The water.' });
    const ids = async (query: string) =>
      (await page(api, deck.id, `?query=${encodeURIComponent(query)}`)).results.map((c) => c.id).sort();
    expect(await ids('CORACAO')).toEqual([coracao.id]);
    expect(await ids('coração')).toEqual([coracao.id]);
    expect(await ids('heart')).toEqual([coracao.id]);
    expect(await ids('bread')).toEqual([pao.id]);
    expect(await ids('Pão  quente')).toEqual([pao.id]);
    expect(await ids('the')).toHaveLength(2);
    expect(await ids('pão heart')).toEqual([]);
    expect(await ids('100%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('   ')).toHaveLength(3);
    expect((await page(api, deck.id, '?query=heart')).count).toBe(1);
    const long = await api.get(`/deck/decks/${deck.id}/flashcards/?query=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('PUT and DELETE /deck/flashcards/{id}/', () => {
  it('edits a card, keeping its schedule, and moves it to another deck of the learner', async () => {
    const { api, deck } = await learner(app);
    const other = await createDeck(api, { name: 'Spanish', language: 'es' });
    const card = await createCard(api, deck.id, { front: 'dog', back: 'cachorro' });
    await guess(api, card.id, 'got_it');
    const reviewed = body<Flashcard>(await api.get(`/deck/flashcards/${card.id}/`));
    clock.advance(MINUTE_MS);
    const edited = body<Flashcard>(
      await api.put(`/deck/flashcards/${card.id}/`, {
        deck: deck.id,
        word: 'dog',
        front: 'The dog',
        back: 'O cão',
      }),
    );
    expect(edited).toEqual({ ...reviewed, word: 'dog', front: 'The dog', back: 'O cão' });
    const moved = body<Flashcard>(
      await api.put(`/deck/flashcards/${card.id}/`, { deck: other.id, front: 'El perro', back: 'O cão' }),
    );
    // Moved without a language: it takes the new deck's.
    expect(moved).toMatchObject({ deck: other.id, language: 'es', word: '', status: 'learning' });
    expect((await page(api, other.id, '?query=perro')).results.map((c) => c.id)).toEqual([card.id]);
    expect((await page(api, deck.id)).count).toBe(0);
    expect(body<Deck>(await api.get(`/deck/decks/${other.id}/`)).card_count).toBe(1);
  });

  it('validates an edit and changes nothing when it is refused', async () => {
    const { api, deck } = await learner(app);
    const card = await createCard(api, deck.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ deck: deck.id, back: 'b' }, 'flashcard.front-error'],
      [{ deck: deck.id, front: 'f', back: ' ' }, 'flashcard.back-error'],
      [{ front: 'f', back: 'b' }, 'error.required'],
    ];
    for (const [payload, code] of cases) {
      const res = await api.put(`/deck/flashcards/${card.id}/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
    }
    for (const target of ['not-a-deck', randomUUID()]) {
      const res = await api.put(`/deck/flashcards/${card.id}/`, { deck: target, front: 'f', back: 'b' });
      expect(res.statusCode, target).toBe(404);
    }
    expect(body<Flashcard>(await api.get(`/deck/flashcards/${card.id}/`))).toEqual(card);
  });

  it('deletes a card', async () => {
    const { api, deck } = await learner(app);
    const card = await createCard(api, deck.id);
    expect((await api.delete(`/deck/flashcards/${card.id}/`)).statusCode).toBe(204);
    expect((await api.get(`/deck/flashcards/${card.id}/`)).statusCode).toBe(404);
    expect((await api.delete(`/deck/flashcards/${card.id}/`)).statusCode).toBe(404);
    expect((await page(api, deck.id)).count).toBe(0);
  });
});

describe('card status', () => {
  it('is new until answered, learning during the steps and learned once in review', async () => {
    const { api, deck } = await learner(app);
    const card = await createCard(api, deck.id);
    const status = async () => body<Flashcard>(await api.get(`/deck/flashcards/${card.id}/`)).status;
    expect(await status()).toBe('new');
    await guess(api, card.id, 'got_it');
    expect(await status()).toBe('learning');
    clock.advance(10 * MINUTE_MS);
    await guess(api, card.id, 'got_it');
    expect(await status()).toBe('learned');
    clock.advance(30 * 24 * 60 * MINUTE_MS);
    await guess(api, card.id, 'was_wrong');
    // Forgotten: relearning.
    expect(await status()).toBe('learning');
  });
});

describe('a card for a word the deck already has', () => {
  it('is refused with a warning until the learner confirms it', async () => {
    const { api, deck } = await learner(app, { language: 'pt' });
    const card = { word: 'passaporte', front: 'Onde está o meu passaporte?', back: 'Where is my passport?' };
    await createCard(api, deck.id, card);
    for (const word of ['passaporte', ' Passaporte ']) {
      const again = await api.post(`/deck/decks/${deck.id}/flashcards/`, { ...card, word });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'flashcard.duplicate', message: expect.any(String) });
    }
    expect(body<Deck>(await api.get(`/deck/decks/${deck.id}/`)).card_count).toBe(1);
    // Confirmed: saved all the same.
    const confirmed = await api.post(`/deck/decks/${deck.id}/flashcards/`, {
      ...card,
      allow_duplicate: true,
    });
    expect(body<Flashcard>(confirmed, 201)).toMatchObject({ word: 'passaporte' });
    // Another word, a card without a word, or another deck: no warning.
    await createCard(api, deck.id, { ...card, word: 'meu' });
    await createCard(api, deck.id, { front: 'Sem palavra', back: 'No word' });
    await createCard(api, deck.id, { front: 'Sem palavra', back: 'No word' });
    const other = await createDeck(api, { language: 'pt' });
    await createCard(api, other.id, card);
    const bad = await api.post(`/deck/decks/${deck.id}/flashcards/`, { ...card, allow_duplicate: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { allow_duplicate: 'error.invalid-value' } });
  });

  it("is not looked for in another learner's deck", async () => {
    const { deck } = await learner(app, { language: 'pt' });
    const { api: other } = await learner(app, { language: 'pt' });
    const res = await other.post(`/deck/decks/${deck.id}/flashcards/`, { word: 'a', front: 'a', back: 'b' });
    expect(res.statusCode).toBe(404);
  });
});
