import { count } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { wordContextCache } from '../src/db/schema.ts';
import { startFakeLlm } from './fake-llm.ts';
import { bearer, build, signup } from './helper.ts';
import { storyOf } from './story-helpers.ts';

const llm = await startFakeLlm();
afterAll(() => llm.close());

const offline = await build();
const withModel = await build({
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODEL: 'lendo-test-model',
  LLM_API_KEY: 'sk-test-123',
  LLM_TIMEOUT_MS: 500,
});

const explain = (app: typeof offline.app, tokens: { access: string }, query: Record<string, string>) =>
  app.inject({ url: `/api/ai/word-context/?${new URLSearchParams(query)}`, headers: bearer(tokens) });

const market = 'We go to the market every Sunday.';
const modelAnswer = {
  word_translation: 'vamos',
  definition: 'Aqui "go" quer dizer deslocar-se até um lugar.',
  translation: 'Nós vamos ao mercado todo domingo.',
};

describe('GET /ai/word-context/ without a language model', () => {
  const { app } = offline;

  it("answers from the dictionary in the user's translation language, with the authored sentence translation", async () => {
    const { tokens } = await signup(offline.app);
    const res = await explain(app, tokens, { word: 'go', sentence: market, language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      word_translation: 'ir',
      definition: 'deslocar-se de um lugar para outro',
      definition_language: 'pt',
      lemma: 'go',
      pos: 'verb',
      translation: 'Nós vamos à feira todo domingo.',
      source: 'dictionary',
      translation_source: 'authored',
      target_language: 'pt-br',
    });
  });

  it('finds the authored translation whatever the whitespace, and in Spanish for the es interface', async () => {
    const { tokens } = await signup(app, { locale: 'es' });
    const res = await explain(app, tokens, {
      word: 'go',
      sentence: `  We  go to the\nmarket   every Sunday. `,
      language: 'en',
    });
    expect(res.json()).toMatchObject({
      word_translation: 'ir',
      definition: 'moverse de un lugar a otro',
      translation: 'Vamos al mercado todos los domingos.',
      translation_source: 'authored',
      target_language: 'es',
    });
  });

  it("gives a story sentence's authored translation, in the reader's translation language", async () => {
    const cases = [
      { locale: 'pt', slug: 'es-la-sopa-de-los-martes', key: 'pt', target: 'pt-br' },
      { locale: 'es', slug: 'en-the-frog-prince', key: 'es', target: 'es' },
      { locale: 'pt', slug: 'pt-o-curupira', key: 'en', target: 'en' },
    ] as const;
    for (const c of cases) {
      const { tokens } = await signup(app, { locale: c.locale });
      const sentence = storyOf(c.slug).chapters[1]!.pages[0]![1]!;
      const word = sentence.text.match(/\p{L}+/u)![0];
      const res = await explain(app, tokens, {
        word,
        sentence: ` ${sentence.text.replaceAll(' ', '  ')}\n`,
        language: c.slug.slice(0, 2),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json(), c.slug).toMatchObject({
        translation: sentence.translations[c.key],
        translation_source: 'authored',
        target_language: c.target,
      });
    }
  });

  it('resolves an inflected form and says when no authored translation of the sentence exists', async () => {
    const { tokens } = await signup(app);
    const res = await explain(app, tokens, {
      word: 'went',
      sentence: 'Yesterday we went home early.',
      language: 'en',
    });
    expect(res.json()).toEqual({
      word_translation: 'ir',
      definition: 'deslocar-se de um lugar para outro',
      definition_language: 'pt',
      lemma: 'go',
      pos: 'verb',
      translation: '',
      source: 'dictionary',
      translation_source: 'none',
      target_language: 'pt-br',
    });
  });

  it('uses English for a Portuguese word when the user reads in Portuguese', async () => {
    const { tokens } = await signup(app, { locale: 'pt' });
    const res = await explain(app, tokens, {
      word: 'Casa',
      sentence: 'Vou ficar em casa hoje à noite.',
      language: 'pt',
    });
    expect(res.json()).toMatchObject({
      word_translation: 'house, home',
      translation: "I'm staying home tonight.",
      target_language: 'en',
    });
  });

  it("labels a definition written only in the word's own language with that language", async () => {
    const { tokens } = await signup(app, { locale: 'pt' });
    const res = await explain(app, tokens, {
      word: 'serendipity',
      sentence: 'It was pure serendipity.',
      language: 'en',
    });
    const answer = res.json();
    expect(answer).toMatchObject({ source: 'dictionary', lemma: 'serendipity', target_language: 'pt-br' });
    expect(answer.definition).not.toBe('');
    expect(answer.definition_language).toBe('en');
  });

  it('answers a word the dictionary does not know with empty fields, never an error', async () => {
    const { tokens } = await signup(app);
    const res = await explain(app, tokens, { word: 'zqxjv', sentence: 'A zqxjv is here.', language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ word_translation: '', definition: '', translation: '' });
  });

  it('rejects missing fields, unknown languages and sentences over 1,000 characters', async () => {
    const { tokens } = await signup(app);
    const missing = await explain(app, tokens, { word: 'go', language: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'error.required', fields: { sentence: 'error.required' } });
    const french = await explain(app, tokens, { word: 'go', sentence: market, language: 'fr' });
    expect(french.json()).toMatchObject({
      code: 'error.invalid-value',
      fields: { language: 'error.invalid-value' },
    });
    const long = await explain(app, tokens, { word: 'go', sentence: 'go '.repeat(400), language: 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'error.sentence-too-long',
      message: 'The sentence may have at most 1000 characters.',
    });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ url: `/api/ai/word-context/?word=go&sentence=Go.&language=en` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /ai/word-context/ on the story library', () => {
  const { app } = offline;
  const bluebeard = storyOf('en-bluebeards-key')
    .chapters.flatMap((c) => c.pages.flat())
    .find((s) => s.text.includes('understood at once'))!.text;

  it("gives the story glossary's sense of the word in its sentence, naming the glossary as its source", async () => {
    const { tokens } = await signup(app, { locale: 'en' });
    const res = await explain(app, tokens, {
      word: 'venda',
      sentence: 'Um dia, a mãe diz: “João, vá à cidade e venda a vaca.”',
      language: 'pt',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      word_translation: 'sell',
      lemma: 'vender',
      pos: 'verb',
      translation: 'One day, his mother says: “João, go to town and sell the cow.”',
      source: 'glossary',
      translation_source: 'authored',
      target_language: 'en',
    });
  });

  it("answers in the learner's translation language", async () => {
    const sentence = 'The water is very deep, and the princess cries.';
    const pt = await signup(app, { locale: 'pt' });
    const es = await signup(app, { locale: 'es' });
    const query = { word: 'cries', sentence, language: 'en' };
    expect((await explain(app, pt.tokens, query)).json()).toMatchObject({
      word_translation: 'chorar',
      lemma: 'cry',
      source: 'glossary',
      target_language: 'pt-br',
    });
    expect((await explain(app, es.tokens, query)).json()).toMatchObject({
      word_translation: 'llorar',
      source: 'glossary',
      target_language: 'es',
    });
  });

  it('tells two uses of a word in one sentence apart by their index', async () => {
    const { tokens } = await signup(app, { locale: 'pt' });
    const words = bluebeard.match(/\p{L}+(?:['’-]\p{L}+)*/gu)!;
    const [first, second] = words.flatMap((w, i) => (w === 'once' ? [i] : []));
    const ask = async (index?: number) =>
      (
        await explain(app, tokens, {
          word: 'once',
          sentence: bluebeard,
          language: 'en',
          ...(index === undefined ? {} : { index: String(index) }),
        })
      ).json();
    expect(await ask(first)).toMatchObject({
      word_translation: 'imediatamente (at once)',
      source: 'glossary',
    });
    expect(await ask(second)).toMatchObject({ word_translation: 'um dia, certa vez', source: 'glossary' });
    // Without an index, or with one that is not that word, the first use answers.
    expect(await ask()).toMatchObject({ word_translation: 'imediatamente (at once)' });
    expect(await ask(0)).toMatchObject({ word_translation: 'imediatamente (at once)' });
  });

  it('refuses an index that is not a whole number', async () => {
    const { tokens } = await signup(app);
    const res = await explain(app, tokens, {
      word: 'once',
      sentence: bluebeard,
      language: 'en',
      index: '-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { index: 'error.invalid-value' } });
  });
});

describe('GET /ai/word-context/ with a language model', () => {
  const { app, database } = withModel;
  const cached = async () => (await database.db.select({ n: count() }).from(wordContextCache))[0]!.n;

  beforeEach(() => llm.behave({ content: JSON.stringify(modelAnswer) }));

  it('asks the model for the meaning of the word in the sentence, in the chat-completions format', async () => {
    const { tokens } = await signup(app);
    const before = llm.requests.length;
    const res = await explain(app, tokens, { word: 'go', sentence: market, language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...modelAnswer,
      definition_language: 'pt',
      lemma: '',
      pos: null,
      source: 'model',
      translation_source: 'model',
      target_language: 'pt-br',
    });

    expect(llm.requests).toHaveLength(before + 1);
    const request = llm.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    expect(request.body.model).toBe('lendo-test-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request.body.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toMatch(/meaning of this word in this sentence/);
    expect(system!.content).toMatch(/Brazilian Portuguese/);
    expect(system!.content).toMatch(/word_translation.*definition.*translation/s);
    expect(user).toMatchObject({ role: 'user' });
    expect(JSON.parse(user!.content)).toEqual({ word: 'go', sentence: market });
  });

  it("answers a library sentence from the story's glossary without asking the model", async () => {
    const { tokens } = await signup(app);
    const before = llm.requests.length;
    const res = await explain(app, tokens, {
      word: 'cries',
      sentence: 'The water is very deep, and the princess cries.',
      language: 'en',
    });
    expect(res.json()).toMatchObject({ word_translation: 'chorar', source: 'glossary' });
    expect(llm.requests).toHaveLength(before);
  });

  it('caches the answer: the same question again does not reach the model', async () => {
    const { tokens } = await signup(app);
    const question = { word: 'house', sentence: 'Their house is near the river.', language: 'en' };
    const first = await explain(app, tokens, question);
    const asked = llm.requests.length;
    const rows = await cached();
    llm.behave({ status: 500, body: { error: { message: 'should not be called' } } });

    const again = await explain(app, tokens, { ...question, sentence: ` Their house is near  the river.` });
    expect(again.json()).toEqual(first.json());
    expect(again.json().source).toBe('model');
    expect(llm.requests).toHaveLength(asked);
    expect(await cached()).toBe(rows);
  });

  it('caches per target language: a Spanish-interface user gets their own answer', async () => {
    const pt = await signup(app, { locale: 'pt' });
    const es = await signup(app, { locale: 'es' });
    const question = { word: 'river', sentence: 'The river is wide here.', language: 'en' };
    await explain(app, pt.tokens, question);
    const asked = llm.requests.length;
    const res = await explain(app, es.tokens, question);
    expect(res.json()).toMatchObject({ source: 'model', target_language: 'es' });
    expect(llm.requests).toHaveLength(asked + 1);
    expect(llm.requests.at(-1)!.body.messages[0]!.content).toMatch(/Spanish/);
  });

  it('falls back to the dictionary when the model fails, answers nonsense or is too slow', async () => {
    const { tokens } = await signup(app);
    const offlineAnswer = {
      word_translation: 'ir',
      translation: 'Nós vamos à feira todo domingo.',
      source: 'dictionary',
      translation_source: 'authored',
    };
    const behaviours = [
      { status: 500, body: { error: { message: 'internal error' } } },
      { status: 401, body: { error: { message: 'invalid api key' } } },
      { content: 'Sure! "go" means ir.' },
      { content: JSON.stringify({ word_translation: 'ir' }) },
      { stallMs: 2_000 },
    ];
    for (const behaviour of behaviours) {
      llm.behave(behaviour);
      const res = await explain(app, tokens, { word: 'going', sentence: market, language: 'en' });
      expect(res.statusCode, JSON.stringify(behaviour)).toBe(200);
      expect(res.json(), JSON.stringify(behaviour)).toMatchObject(offlineAnswer);
    }
    // A failure is not cached: once the model is back, it answers.
    llm.behave({ content: JSON.stringify(modelAnswer) });
    const res = await explain(app, tokens, { word: 'going', sentence: market, language: 'en' });
    expect(res.json().source).toBe('model');
  });
});
