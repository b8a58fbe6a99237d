import { describe, expect, it } from 'vitest';
import { build } from './helper.ts';

const { app, clock } = await build();

describe('API plumbing', () => {
  it('answers /api/health with the database kind', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('mounts the dictionary service under /dict', async () => {
    expect((await app.inject({ url: '/dict/health' })).json()).toEqual({
      status: 'ok',
      service: 'dictionary',
    });
  });

  it('answers an unknown path with a 404 in the error shape', async () => {
    const res = await app.inject({ url: '/api/nothing/here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'error.not-found' });
  });

  it('answers malformed JSON and oversized bodies with 4xx in the error shape', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'error.validation', message: expect.any(String) });

    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('error.payload-too-large');
  });

  it('gives each response a request id, keeping a sane one the client sent', async () => {
    const mine = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const generated = await app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("tells the time by the app's clock in the Date header", async () => {
    clock.advance(3 * 24 * 3600_000);
    const res = await app.inject({ url: '/api/health' });
    expect(res.headers.date).toBe(clock.now().toUTCString());
    expect(Math.abs(Date.parse(String(res.headers.date)) - Date.now())).toBeGreaterThan(2 * 24 * 3600_000);
  });

  it('publishes OpenAPI generated from the zod schemas at /api/docs', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/signup/',
        '/auth/signin/',
        '/auth/me/',
        '/auth/token/refresh/',
        '/words',
        '/ai/word-context/',
        '/tts',
        '/file/tts/',
      ]),
    );
    expect(doc.components.schemas.SignupBodyInput.properties).toHaveProperty('password');
    expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('hides unexpected errors behind a 500 in the error shape', async () => {
    const { app: broken, database } = await build();
    await database.close();
    const res = await broken.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'An error occurred, try again later.', code: 'error.unexpected' });
  });
});
