import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

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

  it('limits attempts per account, whatever the IP', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await signin('target@example.com', `10.0.1.${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
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
