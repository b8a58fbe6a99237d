import { describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';

const ctx = await build();
const { app } = ctx;

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/analytics/events/', payload: payload as object, headers });

const stored = async (visitor: string) =>
  (
    await ctx.database.db.execute<{
      name: string;
      path: string | null;
      analytics_id: string | null;
      properties: unknown;
    }>(
      `select name, path, analytics_id, properties from analytics_events where visitor = '${visitor}' order by id`,
    )
  ).rows;

describe('POST /analytics/events/', () => {
  it("keeps a visitor's page views, and a learner's events under their analytics id (number padded to 6)", async () => {
    expect(
      (await send({ visitor: 'visitor-anon-1', events: [{ name: 'page_view', path: '/login' }] })).statusCode,
    ).toBe(204);
    expect(await stored('visitor-anon-1')).toEqual([
      { name: 'page_view', path: '/login', analytics_id: null, properties: {} },
    ]);

    const { tokens } = await signup(app);
    const { number } = (await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) })).json() as {
      number: number;
    };
    const res = await send(
      {
        visitor: 'visitor-learner-1',
        events: [
          { name: 'page_view', path: '/stories' },
          { name: 'flashcard_created', properties: { language: 'en', from: 'reader', words: 1 } },
        ],
      },
      bearer(tokens),
    );
    expect(res.statusCode).toBe(204);
    const padded = String(number).padStart(6, '0');
    expect(padded).toHaveLength(6);
    expect(await stored('visitor-learner-1')).toEqual([
      { name: 'page_view', path: '/stories', analytics_id: padded, properties: {} },
      {
        name: 'flashcard_created',
        path: null,
        analytics_id: padded,
        properties: { language: 'en', from: 'reader', words: 1 },
      },
    ]);

    // A deleted account takes its events with it.
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/auth/me/', headers: bearer(tokens) })).statusCode,
    ).toBe(200);
    expect(await stored('visitor-learner-1')).toEqual([]);
  });

  it('refuses what is not an event batch, a path with a query (it may hold a token) and a bad token, keeping nothing', async () => {
    const event = { name: 'page_view', path: '/decks' };
    for (const payload of [
      { visitor: 'visitor-bad-1', events: [{ name: 'clicked_everything' }] },
      { visitor: 'visitor-bad-1', events: [{ name: 'page_view', path: '/social-callback?token=abc' }] },
      { visitor: 'visitor-bad-1', events: [] },
      { visitor: 'visitor-bad-1', events: Array.from({ length: 21 }, () => event) },
      { visitor: 'short', events: [event] },
      { visitor: 'visitor-bad-1', events: [{ name: 'subscribed', properties: { plan: { nested: true } } }] },
      { visitor: 'visitor-bad-1', events: [{ name: 'subscribed', properties: { Plan: 'pro' } }] },
    ]) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('error.invalid-value');
    }
    const forged = await send(
      { visitor: 'visitor-bad-1', events: [event] },
      { authorization: 'Bearer forged.token.x' },
    );
    expect(forged.statusCode).toBe(401);
    expect(await stored('visitor-bad-1')).toEqual([]);
  });

  it('keeps nothing when the sink is off', async () => {
    const off = await build({ ANALYTICS_SINK: 'off' }, { database: ctx.database });
    const res = await off.app.inject({
      method: 'POST',
      url: '/api/analytics/events/',
      payload: { visitor: 'visitor-off-1', events: [{ name: 'page_view', path: '/' }] },
    });
    expect(res.statusCode).toBe(204);
    expect(await stored('visitor-off-1')).toEqual([]);
  });
});
