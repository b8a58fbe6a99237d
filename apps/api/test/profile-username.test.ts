import { describe, expect, it } from 'vitest';
import { bearer, build, newUser, signup } from './helper.ts';

const { app } = await build();

const post = (url: string, tokens: { access: string } | null, payload: object) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: tokens ? bearer(tokens) : {}, payload });
const check = (tokens: { access: string }, username: string) =>
  post('/auth/check-username/', tokens, { username });
const update = (tokens: { access: string }, username: string) =>
  post('/auth/update-username/', tokens, { username });
const me = async (tokens: { access: string }) =>
  (await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) })).json();

describe('POST /auth/check-username/', () => {
  it('says a free name is available, and so is your own in another case', async () => {
    const { body, tokens } = await signup(app);
    expect((await check(tokens, 'free_name_1')).json()).toEqual({ available: true });
    expect((await check(tokens, body.username.toUpperCase())).json()).toEqual({ available: true });
  });

  it("says someone else's name is taken, whatever its case", async () => {
    const other = await signup(app, { username: 'Maria_Silva' });
    const { tokens } = await signup(app);
    expect((await check(tokens, 'maria_silva')).json()).toEqual({
      available: false,
      code: 'profile.username-taken',
    });
    expect(other.body.username).toBe('Maria_Silva');
  });

  it('says an offensive name is not available, through l33t, case and separators', async () => {
    const { tokens } = await signup(app);
    for (const name of ['sh1t_head', 'C4r4LH0', 'put4_99', 'F-U-C-K']) {
      expect((await check(tokens, name)).json(), name).toEqual({
        available: false,
        code: 'profile.username-offensive',
      });
    }
    expect((await check(tokens, 'classic_assessor')).json()).toEqual({ available: true });
  });

  it('rejects a malformed name with the rule it breaks', async () => {
    const { tokens } = await signup(app);
    const cases = {
      ana__maria: 'profile.username-consecutive-special',
      _ana: 'profile.username-special-characters',
      'ana maria': 'profile.username-invalid-characters',
      an: 'profile.username-min-length',
      ['a'.repeat(21)]: 'profile.username-max-length',
      '': 'profile.username-required',
    };
    for (const [username, code] of Object.entries(cases)) {
      const res = await check(tokens, username);
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toEqual({
        message: expect.any(String),
        code,
        fields: { username: code },
      });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await post('/auth/check-username/', null, { username: 'someone' })).statusCode).toBe(401);
  });
});

describe('POST /auth/update-username/', () => {
  it('changes the username of the caller', async () => {
    const { tokens } = await signup(app);
    const res = await update(tokens, 'Novo-Nome');
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Novo-Nome');
    expect((await me(tokens)).username).toBe('Novo-Nome');
  });

  it('refuses taken, offensive and malformed names, changing nothing', async () => {
    await signup(app, { username: 'Already_Here' });
    const { body, tokens } = await signup(app);
    const taken = await update(tokens, 'already_here');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'This username is not available.',
      code: 'profile.username-taken',
      fields: { username: 'profile.username-taken' },
    });
    const offensive = await update(tokens, 'm3rda_total');
    expect(offensive.statusCode).toBe(400);
    expect(offensive.json().code).toBe('profile.username-offensive');
    const malformed = await update(tokens, 'a--b');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields.username).toBe('profile.username-consecutive-special');
    expect((await me(tokens)).username).toBe(body.username);
  });

  it('lets a user change only the case of their own name', async () => {
    const { body, tokens } = await signup(app);
    const res = await update(tokens, body.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(body.username.toUpperCase());
  });
});

describe('POST /auth/signup/ with an offensive username', () => {
  it('is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: newUser({ username: 'pendejo_77' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: 'profile.username-offensive' });
  });
});

describe('POST /auth/update-billing-info/', () => {
  it('saves the full name and the CPF as 11 digits', async () => {
    const { tokens } = await signup(app);
    const res = await post('/auth/update-billing-info/', tokens, {
      billing_fullname: '  Ana Maria Souza ',
      cpf: '529.982.247-25',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ billing_fullname: 'Ana Maria Souza', cpf: '52998224725' });
    expect(await me(tokens)).toMatchObject({ billing_fullname: 'Ana Maria Souza', cpf: '52998224725' });
  });

  it('checks the CPF check digits and the full name, changing nothing', async () => {
    const { tokens } = await signup(app);
    const res = await post('/auth/update-billing-info/', tokens, {
      billing_fullname: 'Ana',
      cpf: '529.982.247-24',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      billing_fullname: 'billing.fullname-incomplete',
      cpf: 'billing.invalid-cpf',
    });
    const empty = await post('/auth/update-billing-info/', tokens, {});
    // The CPF is asked for only in Brazil (checkout requires it there): here only the name is missing.
    expect(empty.json().fields).toEqual({ billing_fullname: 'billing.fullname-required' });
    expect(
      (
        await post('/auth/update-billing-info/', tokens, {
          billing_fullname: 'Ana Souza',
          cpf: '111.111.111-11',
        })
      ).json().fields,
    ).toEqual({ cpf: 'billing.invalid-cpf' });
    expect(await me(tokens)).toMatchObject({ billing_fullname: null, cpf: null });
  });
});
