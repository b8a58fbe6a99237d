import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const { app, database, clock } = await build();

const signin = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/signin/', payload });
const refresh = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: { refresh: token } });
const me = (headers: Record<string, string>) => app.inject({ url: '/api/auth/me/', headers });

async function refreshExpiry(token: { refresh: string }) {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(token.refresh).digest('hex');
  const { rows } = await database.db.execute<{ expires_at: string }>(
    sql`select expires_at from refresh_tokens where token_hash = ${hash}`,
  );
  return new Date(rows[0]!.expires_at).getTime() - clock.now().getTime();
}

describe('POST /auth/signin/', () => {
  it('signs in with the right password, case-insensitively on the email', async () => {
    const { body } = await signup(app);
    const res = await signin({ email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    expect((await me(bearer(res.json()))).json().email).toBe(body.email);
  });

  it('keeps a remembered session for 30 days and a plain one for a day', async () => {
    const { body } = await signup(app);
    const remembered = (await signin({ email: body.email, password: body.password, remember: true })).json();
    const plain = (await signin({ email: body.email, password: body.password })).json();
    const day = 24 * 3600 * 1000;
    expect(Math.round((await refreshExpiry(remembered)) / day)).toBe(30);
    expect(Math.round((await refreshExpiry(plain)) / day)).toBe(1);
  });

  it('answers a wrong password and an unknown email exactly the same way', async () => {
    const { body } = await signup(app);
    const wrong = await signin({ email: body.email, password: 'Wrong123!' });
    const unknown = await signin({ email: 'nobody@example.com', password: 'Wrong123!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Invalid email or password.',
      code: 'error.invalid-credentials',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body', async () => {
    const res = await signin({ email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'profile.invalid-email',
      password: 'error.password-required',
    });
  });
});

describe('GET /auth/me/', () => {
  it('returns the current user in the documented shape', async () => {
    const { body, tokens } = await signup(app);
    const res = await me(bearer(tokens));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      number: expect.any(Number),
      name: '',
      username: body.username,
      email: body.email,
      avatar_url: null,
      locale: 'pt',
      timezone: 'UTC',
      onboarding_completed: false,
      learning_language: null,
      study_languages: [],
      proficiency: null,
      motivation: null,
      subscription: { status: 'free', plan: null, trial_end_at: null, current_period_end: null },
      email_verified: false,
      pending_email: null,
      has_password: true,
      billing_fullname: null,
      cpf: null,
      country: null,
    });
  });

  it('is 401 in the error shape without a token, with a forged one, or after expiry', async () => {
    const { tokens } = await signup(app);
    expect((await me({})).json()).toEqual({
      message: 'Authentication is required.',
      code: 'error.unauthorized',
    });
    const [h, p] = tokens.access.split('.');
    expect((await me({ authorization: `Bearer ${h}.${p}.forged` })).statusCode).toBe(401);
    clock.advance(16 * 60 * 1000);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
  });
});

describe('POST /auth/token/refresh/', () => {
  it('rotates the refresh token on every use', async () => {
    const { tokens } = await signup(app);
    const res = await refresh(tokens.refresh);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refresh).not.toBe(tokens.refresh);
    expect((await me(bearer(next))).statusCode).toBe(200);
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const { tokens } = await signup(app);
    const second = (await refresh(tokens.refresh)).json();
    const reuse = await refresh(tokens.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Invalid refresh token', code: 'error.invalid-refresh-token' });
    // The legitimate successor is dead too: whoever stole the old token gains nothing.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('counts two simultaneous uses of one token as a reuse', async () => {
    const { tokens } = await signup(app);
    const results = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('rejects unknown, empty and expired tokens', async () => {
    expect((await refresh('nope')).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(400);
    const { body } = await signup(app);
    const plain = (await signin({ email: body.email, password: body.password })).json();
    clock.advance(25 * 3600 * 1000);
    expect((await refresh(plain.refresh)).statusCode).toBe(401);
  });
});

describe('POST /auth/logout/', () => {
  it('revokes the refresh token family', async () => {
    const { tokens } = await signup(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: tokens.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });
});
