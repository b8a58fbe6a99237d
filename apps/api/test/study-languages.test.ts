import { describe, expect, it } from 'vitest';
import type { Me } from '@lendo/shared';
import { subscriber } from './billing-helpers.ts';
import { body, learner, type Client } from './deck-helpers.ts';
import { build } from './helper.ts';

const { app } = await build({ TEST_CLOCK: true });

const me = async (api: Client) => body<Me>(await api.get('/auth/me/'));
const setLanguages = (api: Client, study_languages: unknown) =>
  api.put('/auth/update-user/', { study_languages });

describe('the languages a learner studies follow the plan', () => {
  it('basic and pro study one language at a time and may change it', async () => {
    const { api } = await learner(app);
    const before = await me(api);
    expect(before.study_languages).toEqual([before.learning_language]);

    const changed = body<Me>(await setLanguages(api, ['pt']));
    expect(changed).toMatchObject({ learning_language: 'pt', study_languages: ['pt'] });

    const several = await setLanguages(api, ['pt', 'es']);
    expect(several.statusCode).toBe(403);
    expect(several.json()).toMatchObject({ code: 'limits.languages' });
    expect((await me(api)).study_languages).toEqual(['pt']);

    const pro = await subscriber(app, { tier: 'pro' });
    expect((await setLanguages(pro.api, ['en', 'es'])).statusCode).toBe(403);
  });

  it('premium studies several; the first is the one shown; losing premium keeps only the first', async () => {
    const { api } = await subscriber(app, { tier: 'premium' });
    const several = body<Me>(await setLanguages(api, ['es', 'en', 'pt']));
    expect(several).toMatchObject({ learning_language: 'es', study_languages: ['es', 'en', 'pt'] });
    // Switching the language shown is reordering them.
    expect(body<Me>(await setLanguages(api, ['pt', 'es', 'en'])).learning_language).toBe('pt');

    body(await api.post('/billing/stripe/cancel/', { reason: 'other' }));
    expect(await me(api)).toMatchObject({ learning_language: 'pt', study_languages: ['pt'] });
  });

  it('refuses an empty list, an unknown language or one given twice, and changes nothing', async () => {
    const { api } = await subscriber(app, { tier: 'premium' });
    const before = await me(api);
    for (const bad of [[], ['fr'], ['es', 'es'], 'es']) {
      const res = await setLanguages(api, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    expect(await me(api)).toEqual(before);
  });
});
