import Fastify, { type FastifyInstance } from 'fastify';
import { examplesResult, lemmaResult, wordRecord } from '@lendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionaryApp } from './app.ts';
import { STORE_TIMEOUT, TEST_STORE_DIR } from './test-store.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ routerOptions: { maxParamLength: 1000 } });
  await app.register(dictionaryApp, { dataDir: TEST_STORE_DIR, prefix: '/dict' });
}, STORE_TIMEOUT);
afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject(`/dict${url}`);
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe('dictionary HTTP API', () => {
  it('answers /health', async () => {
    expect(await get('/health')).toEqual({ status: 200, body: { status: 'ok', service: 'dictionary' } });
  });

  it('serves word records', async () => {
    const { status, body } = await get('/v1/en/words/went');
    expect(status).toBe(200);
    const record = wordRecord.parse(body);
    expect(record).toMatchObject({ word: 'went', language: 'en', lemmas: ['go'] });
    expect(record.entries[0]?.lemma).toBe('go');
  });

  it('decodes words from the path', async () => {
    const { body } = await get(`/v1/es/words/${encodeURIComponent('Árboles')}`);
    expect(wordRecord.parse(body).lemmas).toEqual(['árbol']);
  });

  it('answers 200 with nothing for an unknown word', async () => {
    expect(await get('/v1/pt/words/xqzvy')).toEqual({
      status: 200,
      body: { word: 'xqzvy', language: 'pt', lemmas: [], entries: [] },
    });
  });

  it('serves lemmas', async () => {
    const { status, body } = await get('/v1/es/lemmas/fui');
    expect(status).toBe(200);
    expect(lemmaResult.parse(body).lemmas).toEqual(expect.arrayContaining(['ir', 'ser']));
  });

  it('serves examples, 5 by default and up to 20', async () => {
    const five = await get('/v1/pt/examples/casa');
    expect(examplesResult.parse(five.body).examples).toHaveLength(5);
    const two = await get('/v1/pt/examples/casa?limit=2');
    expect(examplesResult.parse(two.body).examples).toHaveLength(2);
    const twenty = await get('/v1/en/examples/be?limit=20');
    expect(examplesResult.parse(twenty.body).examples).toHaveLength(20);
  });

  it.each([
    ['/v1/xx/words/casa', 'language', 'error.invalid-value'],
    ['/v1/en/words/', 'word', 'error.required'],
    ['/v1/en/words/%20%20', 'word', 'error.required'],
    [`/v1/en/words/${'a'.repeat(65)}`, 'word', 'error.invalid-value'],
    ['/v1/de/lemmas/haus', 'language', 'error.invalid-value'],
    ['/v1/en/examples/go?limit=0', 'limit', 'error.invalid-value'],
    ['/v1/en/examples/go?limit=21', 'limit', 'error.invalid-value'],
    ['/v1/en/examples/go?limit=two', 'limit', 'error.invalid-value'],
  ])('answers 400 to %s', async (url, field, code) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.any(String), code, fields: { [field]: code } });
  });

  it('answers 404 in the error shape for unknown paths', async () => {
    expect(await get('/v1/en/nothing/here')).toEqual({
      status: 404,
      body: { message: 'Not found.', code: 'error.not-found' },
    });
  });
});
