import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  PLAN_ALLOWANCES,
  type FeatureAccess,
  type FlashcardPage,
  type Meter,
  type UsageSummary,
} from '@lendo/shared';
import { usageCounters } from '../src/db/schema.ts';
import { usageMonth } from '../src/modules/entitlements/service.ts';
import { body, client, createCard, createDeck, learner, type Client } from './deck-helpers.ts';
import { build, signup, type TestContext } from './helper.ts';

const context = await build({ ACCESS_TOKEN_TTL_SECONDS: 10 * 365 * 24 * 60 * 60 });
const { app, clock, database } = context;
const basic = PLAN_ALLOWANCES.basic;

const access = async (api: Client, feature: string) =>
  body<FeatureAccess>(await api.get(`/billing/feature-access/?feature=${feature}`)).has_access;
const usage = async (api: Client) => body<UsageSummary>(await api.get('/billing/usage/'));
const used = async (api: Client, meter: Meter) =>
  (await usage(api)).meters.find((m) => m.meter === meter)!.used;

/** Sets a meter's use this month directly, as if the learner had used that much. */
async function setUsed(ctx: TestContext, api: Client, meter: Meter, amount: number) {
  const { id } = body<{ id: string }>(await api.get('/auth/me/'));
  const month = usageMonth(ctx.clock.now());
  await ctx.database.db
    .insert(usageCounters)
    .values({ userId: id, month, feature: meter, amount })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.month, usageCounters.feature],
      set: { amount },
    });
}

/** Moves the clock to the first second of the next UTC month. */
function toNextMonth(ctx: TestContext) {
  const now = ctx.clock.now();
  ctx.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1) - now.getTime());
}

describe('GET /billing/feature-access/', () => {
  it("answers from the learner's plan (basic) and this month's use", async () => {
    const { api } = await learner(app);
    const answers = Object.fromEntries(
      await Promise.all(FEATURES.map(async (f) => [f, await access(api, f)])),
    );
    expect(answers).toEqual({
      create_flashcard: true,
      create_deck: true,
      translation: true,
      audio: true,
      // Basic has no AI sentences and no graded reader.
      ai_sentence: false,
      graded_reader: false,
    });
    await setUsed(context, api, 'translations', basic.monthly.translations!);
    await setUsed(context, api, 'audio_seconds', basic.monthly.audio_seconds!);
    expect(await access(api, 'translation')).toBe(false);
    expect(await access(api, 'audio')).toBe(false);
    expect(await access(api, 'create_flashcard')).toBe(true);
  });

  it('validates the feature and needs a session', async () => {
    const { api } = await learner(app);
    const missing = await api.get('/billing/feature-access/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'error.required', fields: { feature: 'error.required' } });
    const unknown = await api.get('/billing/feature-access/?feature=teleport');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'error.invalid-value',
      fields: { feature: 'error.invalid-value' },
    });
    const anonymous = client(app, null);
    expect((await anonymous.get('/billing/feature-access/?feature=audio')).statusCode).toBe(401);
    expect((await anonymous.get('/billing/usage/')).statusCode).toBe(401);
  });
});

describe('GET /billing/usage/', () => {
  it("gives the plan, the UTC month and each meter's use against its allowance", async () => {
    const { api, deck } = await learner(app);
    await createCard(api, deck.id);
    await createDeck(api);
    expect(await usage(api)).toEqual({
      plan: 'basic',
      month: usageMonth(clock.now()),
      meters: [
        { meter: 'flashcards', used: 1, limit: 100 },
        { meter: 'translations', used: 0, limit: 100 },
        { meter: 'audio_seconds', used: 0, limit: 3600 },
        { meter: 'ai_sentences', used: 0, limit: 0 },
      ],
      decks: { used: 2, limit: 5 },
    });
    expect(usageMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-03-01');
    expect(usageMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });
});

describe('the monthly flashcards', () => {
  it('stop at 100 a month (403 limits.flashcards, nothing created) and come back the next UTC month', async () => {
    const { api, deck } = await learner(app);
    const other = await createDeck(api, { language: 'es' });
    for (let i = 0; i < 100; i++) await createCard(api, i % 2 ? deck.id : other.id);
    const refused = await api.post(`/deck/decks/${deck.id}/flashcards/`, {
      front: 'one more',
      back: 'mais um',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You have used all the flashcards of your plan this month.',
      code: 'limits.flashcards',
    });
    const count = async (deckId: string) =>
      body<FlashcardPage>(await api.get(`/deck/decks/${deckId}/flashcards/`)).count;
    expect((await count(deck.id)) + (await count(other.id))).toBe(100);
    expect(await access(api, 'create_flashcard')).toBe(false);
    expect(await used(api, 'flashcards')).toBe(100);

    // Deleting a card does not give it back: the meter counts cards created this month.
    const { results } = body<FlashcardPage>(await api.get(`/deck/decks/${deck.id}/flashcards/`));
    expect((await api.delete(`/deck/flashcards/${results[0]!.id}/`)).statusCode).toBe(204);
    expect((await api.post(`/deck/decks/${deck.id}/flashcards/`, { front: 'f', back: 'b' })).statusCode).toBe(
      403,
    );

    toNextMonth(context);
    expect(await access(api, 'create_flashcard')).toBe(true);
    expect(await used(api, 'flashcards')).toBe(0);
    await createCard(api, deck.id);
    expect(await usage(api)).toMatchObject({ month: usageMonth(clock.now()) });
    expect(await used(api, 'flashcards')).toBe(1);
  });

  it('are counted exactly when cards are created at once', async () => {
    const { api, deck } = await learner(app);
    await setUsed(context, api, 'flashcards', 98);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api.post(`/deck/decks/${deck.id}/flashcards/`, { front: `f${i}`, back: 'b' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
    expect(body<FlashcardPage>(await api.get(`/deck/decks/${deck.id}/flashcards/`)).count).toBe(2);
    expect(await used(api, 'flashcards')).toBe(100);
  });
});

describe('the monthly translations', () => {
  const explain = (api: Client) =>
    api.get(
      `/ai/word-context/?${new URLSearchParams({ word: 'go', sentence: 'We go home.', language: 'en' })}`,
    );

  it('count each answered GET /ai/word-context/ and stop at 100 (403 limits.translations)', async () => {
    const { api } = await learner(app);
    expect((await explain(api)).statusCode).toBe(200);
    expect((await explain(api)).statusCode).toBe(200);
    expect(await used(api, 'translations')).toBe(2);
    // A refused request is not a translation.
    expect((await api.get('/ai/word-context/?word=go&language=en')).statusCode).toBe(400);
    expect(await used(api, 'translations')).toBe(2);

    await setUsed(context, api, 'translations', 99);
    expect((await explain(api)).statusCode).toBe(200);
    const refused = await explain(api);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You have used all the translations of your plan this month.',
      code: 'limits.translations',
    });
    expect(await used(api, 'translations')).toBe(100);
    toNextMonth(context);
    expect((await explain(api)).statusCode).toBe(200);
    expect(await used(api, 'translations')).toBe(1);
  });

  it('never pass 100, however many requests come at once', async () => {
    const { api } = await learner(app);
    const answers = await Promise.all(Array.from({ length: 150 }, () => explain(api)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 403)).toHaveLength(50);
    expect(await used(api, 'translations')).toBe(100);
  });

  it('do not count an answer that failed', async () => {
    const unreachable = await build({ DICTIONARY_URL: 'http://127.0.0.1:9' });
    const { tokens } = await signup(unreachable.app);
    const api = client(unreachable.app, tokens);
    expect((await explain(api)).statusCode).toBe(503);
    expect(await used(api, 'translations')).toBe(0);
  });
});

describe('the monthly audio', () => {
  it('counts the seconds GET /tts and GET /file/tts/ produce, rounded up, and stops when used up', async () => {
    const { api } = await learner(app);
    const query = new URLSearchParams({ text: 'The old fisherman looked at the sky.', language: 'en' });
    const res = await api.get(`/tts?${query}`);
    expect(res.statusCode).toBe(200);
    const wav = await app.inject({ url: res.json().url });
    // 16-bit mono PCM: the data after the 44-byte header, at 22,050 samples a second.
    const seconds = Math.ceil((wav.rawPayload.length - 44) / (22050 * 2));
    expect(seconds).toBeGreaterThan(1);
    expect(await used(api, 'audio_seconds')).toBe(seconds);
    // Cached audio still plays: it counts again.
    expect((await api.get(`/file/tts/?${query}`)).statusCode).toBe(200);
    expect(await used(api, 'audio_seconds')).toBe(2 * seconds);

    // Audio that would pass the allowance is refused: one second left is not enough for this text.
    const limit = basic.monthly.audio_seconds!;
    await setUsed(context, api, 'audio_seconds', limit - 1);
    for (const url of [`/tts?${query}`, `/file/tts/?${query}`]) {
      const refused = await api.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({
        message: 'You have used all the audio minutes of your plan this month.',
        code: 'limits.audio',
      });
    }
    expect(await used(api, 'audio_seconds')).toBe(limit - 1);
    // Exactly what is left is enough, and then nothing is.
    await setUsed(context, api, 'audio_seconds', limit - seconds);
    expect((await api.get(`/tts?${query}`)).statusCode).toBe(200);
    expect((await api.get(`/tts?${query}`)).statusCode).toBe(403);
    const { id } = body<{ id: string }>(await api.get('/auth/me/'));
    const [row] = await database.db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, id), eq(usageCounters.feature, 'audio_seconds')));
    expect(row!.amount).toBe(limit);
  });

  it('never passes the allowance, however many requests come at once', async () => {
    const { api } = await learner(app);
    const limit = basic.monthly.audio_seconds!;
    await setUsed(context, api, 'audio_seconds', limit - 10);
    const texts = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} is read aloud now.`);
    const answers = await Promise.all(
      texts.map((text) => api.get(`/tts?${new URLSearchParams({ text, language: 'en' })}`)),
    );
    expect(answers.some((res) => res.statusCode === 403)).toBe(true);
    expect(answers.every((res) => [200, 403].includes(res.statusCode))).toBe(true);
    expect(await used(api, 'audio_seconds')).toBeLessThanOrEqual(limit);
  });
});
