import { describe, expect, it, onTestFinished } from 'vitest';
import { bearer, build, newUser, signup } from './helper.ts';
import { startRedisServer } from './redis-server.ts';

const { app } = await build({ AUTH_RATE_LIMIT_MAX: 3, AUTH_RATE_LIMIT_WINDOW_SECONDS: 60 });

const signin = (email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin/',
    payload: { email, password: 'Wrong123!' },
    remoteAddress: ip,
  });

describe('auth rate limits', () => {
  it('limits attempts per IP, whatever the account', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await signin(`someone${i}@example.com`, '10.0.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const res = await signin('fresh@example.com', '10.0.0.1');
    expect(res.json()).toEqual({
      message: 'Too many attempts. Wait a moment and try again.',
      code: 'error.too-many-requests',
    });
  });

  it('does not believe X-Forwarded-For from anyone: rotating it bypasses nothing', async () => {
    const codes = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: `spray${i}@example.com`, password: 'Wrong123!' },
        remoteAddress: '10.0.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('believes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
    const behind = await build({ AUTH_RATE_LIMIT_MAX: 3, TRUST_PROXY: ['10.0.8.0/24'] });
    const from = (proxy: string, client: string, i: number) =>
      behind.app.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: `p${client}${i}@example.com`, password: 'Wrong123!' },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
    // Four clients behind the trusted proxy are four addresses.
    for (let i = 0; i < 4; i += 1)
      expect((await from('10.0.8.1', `198.51.100.${i}`, i)).statusCode).toBe(401);
    // One client behind it is limited as itself.
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await from('10.0.8.1', '198.51.100.77', i)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('limits password changes by reset token per IP: a wrong token is refused, then throttled', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password/',
        payload: { token: `not-a-token-${i}`, password: 'Another123!' },
        remoteAddress: '10.0.3.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('limits attempts per IP and account', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await signin('pair@example.com', '10.0.1.200')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('slows an attack on an account from many IPs without locking its owner out', async () => {
    const body = newUser();
    const created = await app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: body,
      remoteAddress: '10.0.4.1',
    });
    expect(created.statusCode).toBe(201);
    const owner = (cookie?: string, ip = '10.0.4.2') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: body.email, password: body.password },
        remoteAddress: ip,
        headers: cookie ? { cookie } : {},
      });
    // The owner signed in once from their browser: it keeps a device cookie.
    const first = await owner(undefined, '10.0.4.2');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^lendo_device=[\w-]+\.[\w-]+; Max-Age=31536000; Path=\/api\/auth\/; HttpOnly; SameSite=Strict/,
    );
    const cookie = setCookie.split(';')[0]!;

    // An attacker tries from five addresses: refused as wrong, slowed, never 429 for the account.
    const attacks = [];
    for (let i = 0; i < 5; i += 1) attacks.push((await signin(body.email, `10.0.5.${i}`)).statusCode);
    expect(attacks).toEqual([401, 401, 401, 401, 401]);
    // The owner's right password still works: from their browser, and from a new one too.
    expect((await owner(cookie, '10.0.4.3')).statusCode).toBe(200);
    expect((await owner(undefined, '10.0.4.4')).statusCode).toBe(200);
    // A forged or another account's cookie is no trusted device.
    expect((await owner(`${cookie.slice(0, -3)}abc`, '10.0.4.5')).statusCode).toBe(200);
  });

  it('limits sign-up and reset too', async () => {
    const ip = '10.0.2.1';
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/',
        payload: { email: `r${i}@example.com` },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const signupRes = await app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      payload: { username: 'limited', email: 'limited@example.com', password: 'Secret123!' },
      remoteAddress: ip,
    });
    expect(signupRes.statusCode).toBe(429);
  });

  it('limits current-password checks per signed-in user, whatever the IP', async () => {
    const { tokens } = await signup(app);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/update-password/',
        headers: bearer(tokens),
        payload: { old_password: 'Wrong123!', password: 'Changed123!' },
        remoteAddress: `10.0.3.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('limits Google sign-in starts per IP, still answering the browser with a redirect', async () => {
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({ url: '/api/auth/google/start/', remoteAddress: '10.0.4.1' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/login?error=profile.google-failed');
    }
  });

  it('leaves other clients alone', async () => {
    await expect(signup(app)).resolves.toBeDefined();
  });
});

describe('auth rate limits with Redis', () => {
  it('are counted once across API instances', async () => {
    const redis = await startRedisServer();
    onTestFinished(() => redis.stop());
    const first = await build({ REDIS_URL: redis.url, AUTH_RATE_LIMIT_MAX: 3 });
    const second = await build(
      { REDIS_URL: redis.url, AUTH_RATE_LIMIT_MAX: 3, JWT_SECRET: first.config.JWT_SECRET },
      { database: first.database },
    );
    const attempt = (instance: typeof first, i: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: `shared${i}@example.com`, password: 'Wrong123!' },
        remoteAddress: '10.0.7.7',
      });
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await attempt(i % 2 === 0 ? first : second, i)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
