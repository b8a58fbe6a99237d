import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, newUser, signup } from './helper.ts';

const { app, database } = await build();

const post = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/signup/', payload });

describe('POST /auth/signup/', () => {
  it('creates the account and returns a token pair', async () => {
    const body = newUser();
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const tokens = res.json();
    expect(tokens.access).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(tokens.refresh.length).toBeGreaterThan(20);

    const me = await app.inject({
      url: '/api/auth/me/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(me.json()).toMatchObject({ username: body.username, email: body.email, locale: 'pt' });
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const body = newUser();
    await post(body);
    const { rows } = await database.db.execute<{ password_hash: string }>(
      sql`select password_hash from users where email = ${body.email}`,
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(body.password);
  });

  it.each([
    ['', 'error.password-required'],
    ['Ab1!', 'error.password-min-length'],
    ['abcdefg1!', 'error.password-lowercase-and-uppercase'],
    ['ABCDEFG1!', 'error.password-lowercase-and-uppercase'],
    ['Abcdefgh!', 'error.password-number'],
    ['Abcdefgh1', 'error.password-special-character'],
    ['Abcdefgh1^', 'error.password-special-character'],
  ])('rejects password %j with %s', async (password, code) => {
    const res = await post(newUser({ password }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, fields: { password: code } });
    expect(typeof res.json().message).toBe('string');
  });

  it.each(['!', '@', '#', '$', '%', '¨', '&', '*', '(', ')'])(
    'accepts the special character %s',
    async (ch) => {
      const res = await post(newUser({ password: `Abcdefg1${ch}` }));
      expect(res.statusCode).toBe(201);
    },
  );

  it('rejects a missing password field as required', async () => {
    const { password: _omit, ...body } = newUser();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('error.password-required');
  });

  it.each([
    ['', 'profile.username-required'],
    ['ab', 'profile.username-min-length'],
    ['a'.repeat(21), 'profile.username-max-length'],
    ['ana maria', 'profile.username-invalid-characters'],
    ['ana.maria', 'profile.username-invalid-characters'],
    ['_ana', 'profile.username-special-characters'],
    ['ana-', 'profile.username-special-characters'],
    ['ana__maria', 'profile.username-consecutive-special'],
    ['ana-_maria', 'profile.username-consecutive-special'],
  ])('rejects username %j with %s', async (username, code) => {
    const res = await post(newUser({ username }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, fields: { username: code } });
  });

  it.each([
    ['', 'profile.email-required'],
    ['not-an-email', 'profile.invalid-email'],
    ['a@b', 'profile.invalid-email'],
  ])('rejects email %j with %s', async (email, code) => {
    const res = await post(newUser({ email }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, fields: { email: code } });
  });

  it('refuses an email already in use, whatever its case, and changes nothing', async () => {
    const { body } = await signup(app);
    const res = await post(newUser({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'error.email-in-use', fields: { email: 'error.email-in-use' } });
    const { rows } = await database.db.execute(sql`select 1 from users where lower(email) = ${body.email}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses a username already taken, whatever its case', async () => {
    const { body } = await signup(app);
    const res = await post(newUser({ username: body.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'profile.username-taken' });
  });

  it('keeps the locale and time zone given at sign-up', async () => {
    const { tokens } = await signup(app, { locale: 'es', timezone: 'America/Sao_Paulo' });
    const me = await app.inject({
      url: '/api/auth/me/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(me.json()).toMatchObject({ locale: 'es', timezone: 'America/Sao_Paulo' });
  });

  it('rejects an unknown locale or time zone', async () => {
    expect((await post(newUser({ locale: 'fr' as 'pt' }))).statusCode).toBe(400);
    const res = await post(newUser({ timezone: 'Mars/Olympus' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.timezone).toBe('error.invalid-value');
  });
});
