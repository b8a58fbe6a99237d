import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const { app, database, clock, config } = await build();

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
    clock.advance(11_000);
    const reuse = await refresh(tokens.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'Invalid refresh token', code: 'error.invalid-refresh-token' });
    // The legitimate successor is dead too, and its access token at once: a thief gains nothing.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await me(bearer(second))).statusCode).toBe(401);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
  });

  it('gives two tabs refreshing with one token at once the same new pair, not a revoked session', async () => {
    const { tokens } = await signup(app);
    const results = await Promise.all([
      refresh(tokens.refresh),
      refresh(tokens.refresh),
      refresh(tokens.refresh),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = results.map((r) => r.json());
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(1);
    expect((await me(bearer(pairs[0]))).statusCode).toBe(200);
    // A few seconds later the same answer still comes back; the session lives on.
    clock.advance(5_000);
    expect((await refresh(tokens.refresh)).json().refresh).toBe(pairs[0].refresh);
    expect((await refresh(pairs[0].refresh)).statusCode).toBe(200);
  });

  it('keeps the session when two tabs refresh at once through two API instances', async () => {
    const second = await build({ JWT_SECRET: config.JWT_SECRET }, { database });
    // Both instances on one time (this file's clock has moved on).
    second.clock.advance(clock.now().getTime() - second.clock.now().getTime());
    const { tokens } = await signup(app);
    const here = await refresh(tokens.refresh);
    const there = await second.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect([here.statusCode, there.statusCode]).toEqual([200, 200]);
    for (const pair of [here.json(), there.json()]) {
      expect((await me(bearer(pair))).statusCode).toBe(200);
      expect((await refresh(pair.refresh)).statusCode).toBe(200);
    }
    // Past the window, the spent token is a stolen one again: the session ends.
    clock.advance(11_000);
    second.clock.advance(11_000);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
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

  it("ends the session's access tokens at once, leaving the user's other sessions alone", async () => {
    const { tokens, body } = await signup(app);
    const other = (await signin({ email: body.email, password: body.password })).json();
    expect((await me(bearer(tokens))).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: tokens.refresh } });
    const after = await me(bearer(tokens));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Authentication is required.', code: 'error.unauthorized' });
    expect((await me(bearer(other))).statusCode).toBe(200);
  });
});

describe('revocation', () => {
  const post = (url: string, payload: object, tokens?: { access: string }) =>
    app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: tokens ? bearer(tokens) : {} });

  it('a password change ends every other access token at once; the new pair works', async () => {
    const { tokens, body } = await signup(app);
    const laptop = (await signin({ email: body.email, password: body.password })).json();
    const res = await post(
      'auth/update-password/',
      { old_password: body.password, password: 'Changed123!' },
      tokens,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
    expect((await me(bearer(laptop))).statusCode).toBe(401);
    expect((await me(bearer(res.json()))).statusCode).toBe(200);
  });

  it('a password reset ends every access token at once', async () => {
    const { tokens, body } = await signup(app);
    await post('auth/reset-password/', { email: body.email });
    const { rows } = await database.db.execute<{ id: string }>(
      sql`select id from users where email = ${body.email}`,
    );
    const { createHash, randomBytes } = await import('node:crypto');
    const token = randomBytes(32).toString('base64url');
    await database.db.execute(
      sql`insert into password_reset_tokens (user_id, token_hash, expires_at)
          values (${rows[0]!.id}, ${createHash('sha256').update(token).digest('hex')},
                  ${new Date(clock.now().getTime() + 3_600_000).toISOString()})`,
    );
    expect((await post('auth/change-password/', { token, password: 'Changed123!' })).statusCode).toBe(200);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
  });

  it('deactivation ends every access token, and reactivating does not bring the old ones back', async () => {
    const { tokens, body } = await signup(app);
    expect((await post('auth/deactivate/', {}, tokens)).statusCode).toBeLessThan(300);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
    const back = await signin({ email: body.email, password: body.password });
    expect(back.statusCode).toBe(200);
    expect((await me(bearer(back.json()))).statusCode).toBe(200);
    expect((await me(bearer(tokens))).statusCode).toBe(401);
  });
});
