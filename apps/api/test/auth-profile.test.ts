import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const { app } = await build();

describe('POST /auth/onboarding/', () => {
  it('records language, proficiency and motivation and completes onboarding', async () => {
    const { tokens } = await signup(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/onboarding/',
      headers: bearer(tokens),
      payload: { language: 'es', proficiency: 'intermediate', motivation: 'travel' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      onboarding_completed: true,
      learning_language: 'es',
      proficiency: 'intermediate',
      motivation: 'travel',
    });
    const me = await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) });
    expect(me.json().onboarding_completed).toBe(true);
  });

  it('rejects values outside the spec lists and changes nothing', async () => {
    const { tokens } = await signup(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/onboarding/',
      headers: bearer(tokens),
      payload: { language: 'fr', proficiency: 'expert' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      language: 'error.invalid-value',
      proficiency: 'error.invalid-value',
      motivation: 'error.required',
    });
    const me = await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) });
    expect(me.json()).toMatchObject({ onboarding_completed: false, learning_language: null });
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/onboarding/',
      payload: { language: 'en', proficiency: 'beginner', motivation: 'career' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /auth/update-user/', () => {
  it('updates name, locale and time zone of the caller only', async () => {
    const a = await signup(app);
    const b = await signup(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-user/',
      headers: bearer(a.tokens),
      payload: { name: ' Ana Souza ', locale: 'en', timezone: 'Europe/Lisbon' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ana Souza', locale: 'en', timezone: 'Europe/Lisbon' });
    const other = await app.inject({ url: '/api/auth/me/', headers: bearer(b.tokens) });
    expect(other.json()).toMatchObject({ name: '', locale: 'pt' });
  });

  it('rejects unknown locales and fields it does not own', async () => {
    const { tokens } = await signup(app);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-user/',
      headers: bearer(tokens),
      payload: { locale: 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.locale).toBe('error.invalid-value');
    const sneaky = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-user/',
      headers: bearer(tokens),
      payload: { onboarding_completed: true },
    });
    expect(sneaky.statusCode).toBe(400);
  });
});

describe('Google sign-in when it is not configured', () => {
  it('is off, and its pages send the browser back with an error rather than failing', async () => {
    expect((await app.inject({ url: '/api/auth/providers/' })).json()).toEqual({ google: false });
    const start = await app.inject({ url: '/api/auth/google/start/' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('http://localhost:3000/login?error=profile.google-failed');
    const callback = await app.inject({ url: '/api/auth/google/callback/?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('http://localhost:3000/login?error=profile.google-failed');
    const { tokens } = await signup(app);
    const link = await app.inject({ method: 'POST', url: '/api/auth/google/link/', headers: bearer(tokens) });
    expect(link.statusCode).toBe(404);
    expect(link.json().code).toBe('profile.google-failed');
  });
});
