import { LEVEL_FOR_PROFICIENCY, type Deck, type Me, type StoryHome } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { body, learner } from './deck-helpers.ts';
import { build } from './helper.ts';

const { app } = await build();

describe('changing the learning language and level in settings', () => {
  it('moves the home page, the decks and the level to the new choice', async () => {
    const { api } = await learner(app, { language: 'en' });
    const before = body<StoryHome>(await api.get('/stories/home/'));
    expect(before.recommended.every((card) => card.language === 'en')).toBe(true);

    const changed = body<Me>(
      await api.put('/auth/update-user/', { study_languages: ['es'], proficiency: 'advanced' }),
    );
    expect(changed).toMatchObject({
      learning_language: 'es',
      study_languages: ['es'],
      proficiency: 'advanced',
    });
    expect(body<Me>(await api.get('/auth/me/'))).toMatchObject({
      learning_language: 'es',
      proficiency: 'advanced',
    });

    const home = body<StoryHome>(await api.get('/stories/home/'));
    expect(home.recommended.length).toBeGreaterThan(0);
    expect(home.recommended.every((card) => card.language === 'es')).toBe(true);
    expect(home.recently_added.every((card) => card.language === 'es')).toBe(true);
    expect(home.recommended[0]!.level).toBe(LEVEL_FOR_PROFICIENCY.advanced);

    // The new language gets its own deck; the old one keeps its deck.
    const spanish = body<Deck[]>(await api.get('/deck/decks/?language=es'));
    expect(spanish).toHaveLength(1);
    expect(body<Deck[]>(await api.get('/deck/decks/?language=en'))).toHaveLength(1);
  });

  it('changes the level alone, and refuses an unknown one without changing anything', async () => {
    const { api } = await learner(app, { language: 'pt' });
    const changed = body<Me>(await api.put('/auth/update-user/', { proficiency: 'fluent' }));
    expect(changed).toMatchObject({ learning_language: 'pt', proficiency: 'fluent' });
    const home = body<StoryHome>(await api.get('/stories/home/'));
    expect(home.recommended[0]!.level).toBe(LEVEL_FOR_PROFICIENCY.fluent);

    const bad = await api.put('/auth/update-user/', { proficiency: 'expert' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: expect.any(String),
      fields: { proficiency: 'error.invalid-value' },
    });
    expect(body<Me>(await api.get('/auth/me/')).proficiency).toBe('fluent');
  });

  it('needs a signed-in learner', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-user/',
      payload: { proficiency: 'fluent' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('code');
  });
});
