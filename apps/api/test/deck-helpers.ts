import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  Deck,
  DeckBody,
  Flashcard,
  FlashcardCreateBody,
  LearningLanguage,
  ReviewBody,
  ReviewResult,
  SignupBody,
} from '@lendo/shared';
import type { App } from '../src/app.ts';
import { bearer, signup } from './helper.ts';
import { onboard } from './story-helpers.ts';

const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Calls the API as one signed-in user (or anonymously with null). */
export function client(app: App, tokens: { access: string } | null) {
  const call = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload']) =>
    app.inject({ method, url: `/api${url}`, headers: tokens ? bearer(tokens) : {}, payload });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: InjectOptions['payload']) => call('POST', url, payload),
    put: (url: string, payload: InjectOptions['payload']) => call('PUT', url, payload),
    patch: (url: string, payload: InjectOptions['payload']) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}
export type Client = ReturnType<typeof client>;

/** The JSON body of a response that must have `status`. */
export function body<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** A new learner who finished onboarding, studying `language`, with their default deck. */
export async function learner(
  app: App,
  { language = 'en', ...signupOverrides }: Partial<SignupBody> & { language?: LearningLanguage } = {},
) {
  const { tokens, body: account } = await signup(app, signupOverrides);
  await onboard(app, tokens, { language, proficiency: 'beginner', motivation: 'travel' });
  const api = client(app, tokens);
  const decks = body<Deck[]>(await api.get(`/deck/decks/?language=${language}`));
  expect(decks).toHaveLength(1);
  return { tokens, account, api, deck: decks[0]! };
}

export const createDeck = async (api: Client, deck: Partial<DeckBody> = {}) =>
  body<Deck>(await api.post('/deck/decks/', { name: 'Viagem', language: 'en', ...deck }), 201);

let cardNumber = 0;
export async function createCard(api: Client, deckId: string, card: Partial<FlashcardCreateBody> = {}) {
  cardNumber += 1;
  return body<Flashcard>(
    await api.post(`/deck/decks/${deckId}/flashcards/`, {
      front: `front ${cardNumber}`,
      back: `back ${cardNumber}`,
      ...card,
    }),
    201,
  );
}

export const review = async (api: Client, answer: ReviewBody) =>
  body<ReviewResult>(await api.post('/deck/reviews/', answer));

export const guess = (api: Client, flashcard: string, result: 'got_it' | 'was_wrong') =>
  review(api, { flashcard, method: 'guess', result });
