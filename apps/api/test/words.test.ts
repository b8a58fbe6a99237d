import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryApp } from '@lendo/dictionary';
import { bearer, build, dictionaryStore, signup } from './helper.ts';

const { app } = await build();

const lookup = (target: typeof app, tokens: { access: string } | null, query: Record<string, string>) =>
  target.inject({ url: `/api/words?${new URLSearchParams(query)}`, headers: tokens ? bearer(tokens) : {} });

describe('GET /words', () => {
  it("finds the lemma's example sentences for an inflected form, translated into pt-br", async () => {
    const { tokens } = await signup(app);
    const res = await lookup(app, tokens, { word: 'went', language: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.word).toBe('went');
    expect(body.use_cases).toContainEqual({
      sentence: 'We go to the market every Sunday.',
      translations: [{ language: 'pt-br', translation: 'Nós vamos à feira todo domingo.' }],
    });
    expect(body.use_cases.length).toBeLessThanOrEqual(5);
    for (const useCase of body.use_cases) {
      expect(useCase.translations).toEqual([{ language: 'pt-br', translation: expect.any(String) }]);
    }
  });

  it('translates into the language of the interface: pt-br for en, es for es, en for a Portuguese word in pt', async () => {
    const en = await signup(app, { locale: 'en' });
    const hablaba = (await lookup(app, en.tokens, { word: 'hablaba', language: 'es' })).json();
    expect(hablaba.use_cases).toContainEqual({
      sentence: '¿Hablas español?',
      translations: [{ language: 'pt-br', translation: 'Você fala espanhol?' }],
    });

    const es = await signup(app, { locale: 'es' });
    const casas = (await lookup(app, es.tokens, { word: 'casas', language: 'pt' })).json();
    expect(casas.use_cases).toContainEqual({
      sentence: 'Vou ficar em casa hoje à noite.',
      translations: [{ language: 'es', translation: 'Me voy a quedar en casa esta noche.' }],
    });

    const pt = await signup(app, { locale: 'pt' });
    const comeram = (await lookup(app, pt.tokens, { word: 'comeram', language: 'pt' })).json();
    expect(comeram.use_cases).toContainEqual({
      sentence: 'O que você quer comer hoje?',
      translations: [{ language: 'en', translation: 'What do you want to eat today?' }],
    });
  });

  it('answers a word the dictionary does not know with no use cases', async () => {
    const { tokens } = await signup(app);
    const res = await lookup(app, tokens, { word: 'zqxjv', language: 'en' });
    expect(res.json()).toEqual({ word: 'zqxjv', use_cases: [] });
  });

  it('rejects a missing word, an unknown language and a word of 65 characters', async () => {
    const { tokens } = await signup(app);
    const missing = await lookup(app, tokens, { language: 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'This field is required.',
      code: 'error.required',
      fields: { word: 'error.required' },
    });
    const french = await lookup(app, tokens, { word: 'maison', language: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().fields).toEqual({ language: 'error.invalid-value' });
    const long = await lookup(app, tokens, { word: 'a'.repeat(65), language: 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ word: 'error.invalid-value' });
  });

  it('needs a signed-in user', async () => {
    expect((await lookup(app, null, { word: 'go', language: 'en' })).statusCode).toBe(401);
  });
});

describe('the dictionary as a separate service (DICTIONARY_URL)', async () => {
  const service = Fastify({ logger: false });
  await service.register(dictionaryApp, { dataDir: await dictionaryStore() });
  const address = await service.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => service.close());
  const remote = await build({ DICTIONARY_URL: address });
  const down = await build({ DICTIONARY_URL: 'http://127.0.0.1:9' });

  it('gives the same answers over HTTP as in process', async () => {
    const local = await signup(app);
    const far = await signup(remote.app);
    for (const query of [
      { word: 'houses', language: 'en' },
      { word: 'zqxjv', language: 'pt' },
    ]) {
      const here = await lookup(app, local.tokens, query);
      const there = await lookup(remote.app, far.tokens, query);
      expect(there.statusCode).toBe(200);
      expect(there.json()).toEqual(here.json());
    }
  });

  it('answers 503 in the error shape when the dictionary service is down', async () => {
    const { tokens } = await signup(down.app);
    const res = await lookup(down.app, tokens, { word: 'go', language: 'en' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The dictionary is not available right now, try again later.',
      code: 'error.dictionary-unavailable',
    });
  });
});
