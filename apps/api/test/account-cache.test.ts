import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_TTL_HOURS,
  type Deck,
  type Me,
  type ReviewQueue,
  type Subscription,
  type TokenPair,
} from '@lendo/shared';
import type { App } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { confirmCard, offerOf, setBillingInfo, subscribeCall } from './billing-helpers.ts';
import { body, client, createCard, createDeck, DAY_MS, guess, learner } from './deck-helpers.ts';
import { build, signup, type TestContext } from './helper.ts';
import { startRedisServer } from './redis-server.ts';

/**
 * The account cache: the signed-in guard and GET /auth/me/ answer from memory once warm, and every
 * write to an account, its profile or its plan shows on the very next request — on the instance
 * that wrote it and, through Redis, on another one on the same database.
 */

interface Instances {
  /** Where the writes go. */
  writer: App;
  /** Where the account is read back (the writer itself, or a second instance). */
  reader: App;
  ctx: TestContext;
  /** Moves every instance's clock. */
  advance(ms: number): void;
}

/** A warm GET /auth/me/ on the reader, once every change broadcast to it has arrived. */
async function meOn(app: App, tokens: { access: string }, status = 200) {
  await app.accountCache.settled();
  const res = await client(app, tokens).get('/auth/me/');
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Me;
}

async function renewTokens(app: App, tokens: TokenPair) {
  return body<TokenPair>(await client(app, null).post('/auth/token/refresh/', { refresh: tokens.refresh }));
}

function writePaths(name: string, setup: () => Promise<Instances>) {
  describe(`every write shows on the next request (${name})`, () => {
    let writer: App;
    let reader: App;
    let ctx: TestContext;
    let advance: Instances['advance'];
    beforeAll(async () => {
      ({ writer, reader, ctx, advance } = await setup());
    });

    it('keeps a read account until it is told of a change', async () => {
      const { tokens } = await signup(writer);
      const warm = await meOn(reader, tokens);
      // Written behind the app's back: the warm account does not see it, nor the deactivation.
      await ctx.database.db
        .update(users)
        .set({ username: `${warm.username}_x`, deactivatedAt: ctx.clock.now() })
        .where(eq(users.id, warm.id));
      expect((await meOn(reader, tokens)).username).toBe(warm.username);
      await writer.accountCache.invalidate(warm.id);
      await meOn(reader, tokens, 401);
    });

    it('username, locale and time zone', async () => {
      const { tokens, api } = await learner(writer);
      const before = await meOn(reader, tokens);
      const username = `${before.username.slice(0, 16)}_new`;
      body(await api.post('/auth/update-username/', { username }));
      expect((await meOn(reader, tokens)).username).toBe(username);
      body(await api.put('/auth/update-user/', { locale: 'es', timezone: 'America/Sao_Paulo' }));
      expect(await meOn(reader, tokens)).toMatchObject({ locale: 'es', timezone: 'America/Sao_Paulo' });
      body(await api.put('/auth/update-user/', { study_languages: ['es'] }));
      expect(await meOn(reader, tokens)).toMatchObject({ learning_language: 'es', study_languages: ['es'] });
    });

    it('a pending email change, until its link expires by the clock', async () => {
      const { tokens, api } = await learner(writer);
      expect((await meOn(reader, tokens)).pending_email).toBeNull();
      const email = `pending.${Date.now()}@example.com`;
      body(await api.put('/auth/update-user/', { email }));
      expect((await meOn(reader, tokens)).pending_email).toBe(email);
      advance(EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000 + 1000);
      expect((await meOn(reader, await renewTokens(writer, tokens))).pending_email).toBeNull();
    });

    it('deactivation locks the account out; signing in restores it', async () => {
      const { tokens, body: account } = await signup(writer);
      await meOn(reader, tokens);
      await meOn(writer, tokens);
      body(await client(writer, tokens).post('/auth/deactivate/', {}));
      await meOn(reader, tokens, 401);
      await meOn(writer, tokens, 401);
      // Signing in where the account is known as closed restores it there and on the other.
      const signedIn = body<TokenPair>(
        await client(reader, null).post('/auth/signin/', {
          email: account.email,
          password: account.password,
        }),
      );
      await meOn(writer, signedIn);
      await meOn(reader, signedIn);
    });

    it('deleting the account', async () => {
      const { tokens } = await signup(writer);
      await meOn(reader, tokens);
      body(await client(writer, tokens).delete('/auth/me/'));
      await meOn(reader, tokens, 401);
    });

    it('a first password for an account without one', async () => {
      const { tokens, body: account } = await signup(writer);
      await ctx.database.db.update(users).set({ passwordHash: null }).where(eq(users.email, account.email));
      expect((await meOn(reader, tokens)).has_password).toBe(false);
      const fresh = body<TokenPair>(
        await client(writer, tokens).post('/auth/update-password/', { password: 'First-pass1!' }),
      );
      expect((await meOn(reader, fresh)).has_password).toBe(true);
    });

    it('billing info, subscribing, changing plan and cancelling a trial', async () => {
      const { tokens, api } = await learner(writer);
      expect((await meOn(reader, tokens)).subscription).toEqual({
        status: 'free',
        plan: null,
        trial_end_at: null,
        current_period_end: null,
      });
      await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
      expect((await meOn(reader, tokens)).billing_fullname).toBe('Ana Souza');

      const pro = await offerOf(api, 'pro');
      const { paymentMethod } = await confirmCard(api, pro.price_id!);
      const subscription = body<Subscription>(
        await subscribeCall(writer, tokens, { price_id: pro.price_id!, payment_method_id: paymentMethod }),
        201,
      );
      expect((await meOn(reader, tokens)).subscription).toMatchObject({
        status: 'trial',
        plan: { tier: 'pro', interval: 'monthly' },
        trial_end_at: subscription.trial_end_at,
      });

      const premium = await offerOf(api, 'premium');
      body(await api.post('/billing/stripe/change-plan/', { price_id: premium.price_id }));
      expect((await meOn(reader, tokens)).subscription.plan?.tier).toBe('premium');

      body(await api.post('/billing/stripe/cancel/', { reason: 'other' }));
      expect((await meOn(reader, tokens)).subscription).toMatchObject({ status: 'free', plan: null });
    });

    it('a trial that ends by the clock renews, with no write through the API', async () => {
      const { tokens, api } = await learner(writer);
      await setBillingInfo(api, { billing_fullname: 'Ana Souza' });
      const pro = await offerOf(api, 'pro');
      const { paymentMethod } = await confirmCard(api, pro.price_id!);
      body(
        await subscribeCall(writer, tokens, { price_id: pro.price_id!, payment_method_id: paymentMethod }),
        201,
      );
      expect((await meOn(reader, tokens)).subscription.status).toBe('trial');
      advance(7 * DAY_MS + 60_000);
      expect((await meOn(reader, await renewTokens(writer, tokens))).subscription).toMatchObject({
        status: 'active',
        plan: { tier: 'pro' },
        trial_end_at: null,
      });
    });

    it('decks, cards and reviews: counters and the review queue follow every write and the clock', async () => {
      const { tokens, api, deck } = await learner(writer);
      const readerApi = client(reader, tokens);
      const decksOn = async () => {
        await reader.accountCache.settled();
        return body<Deck[]>(await readerApi.get('/deck/decks/'));
      };
      const queueOn = async (deckId: string) => {
        await reader.accountCache.settled();
        return body<ReviewQueue>(await readerApi.get(`/deck/decks/${deckId}/review/`));
      };
      expect((await decksOn())[0]).toMatchObject({ card_count: 0, stats: { pending_review: 0 } });
      const card = await createCard(api, deck.id);
      expect((await decksOn())[0]).toMatchObject({ card_count: 1, stats: { new: 1, pending_review: 1 } });
      expect((await queueOn(deck.id)).cards.map((c) => c.id)).toEqual([card.id]);

      await guess(api, card.id, 'got_it');
      const [answered] = await decksOn();
      expect(answered).toMatchObject({ stats: { new: 0, pending_review: 0 } });
      expect((await queueOn(deck.id)).cards).toEqual([]);
      // Nothing is written when the card falls due: the clock alone brings it back.
      advance(Date.parse(answered!.next_review!) - ctx.clock.now().getTime() + 1000);
      expect((await decksOn())[0]).toMatchObject({ stats: { pending_review: 1 } });
      expect((await queueOn(deck.id)).cards.map((c) => c.id)).toEqual([card.id]);

      const other = await createDeck(api, { name: 'Outro' });
      expect((await decksOn()).map((d) => d.id)).toEqual([deck.id, other.id]);
      body(
        await api.put(`/deck/flashcards/${card.id}/`, {
          deck: other.id,
          front: 'front',
          back: 'back',
          word: 'trip',
        }),
      );
      expect((await decksOn()).map((d) => d.card_count)).toEqual([0, 1]);
      expect((await api.delete(`/deck/flashcards/${card.id}/`)).statusCode).toBe(204);
      expect((await decksOn()).map((d) => d.card_count)).toEqual([0, 0]);
      expect((await api.delete(`/deck/decks/${other.id}/`)).statusCode).toBe(204);
      expect((await decksOn()).map((d) => d.id)).toEqual([deck.id]);
    });
  });
}

writePaths('one instance', async () => {
  const ctx = await build();
  return { writer: ctx.app, reader: ctx.app, ctx, advance: (ms) => ctx.clock.advance(ms) };
});

let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
afterAll(() => redis?.stop());

writePaths('two instances on one database, through Redis', async () => {
  redis = await startRedisServer();
  const first = await build({ REDIS_URL: redis.url });
  // Instances share the token secret as they would in production.
  const second = await build(
    { REDIS_URL: redis.url, JWT_SECRET: first.config.JWT_SECRET },
    { database: first.database },
  );
  return {
    writer: first.app,
    reader: second.app,
    ctx: first,
    advance: (ms) => {
      first.clock.advance(ms);
      second.clock.advance(ms);
    },
  };
});

describe('access tokens', () => {
  it('are refused once expired, even when remembered as verified', async () => {
    const ctx = await build();
    const { tokens } = await signup(ctx.app);
    await meOn(ctx.app, tokens);
    ctx.clock.advance(ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    await meOn(ctx.app, tokens);
    ctx.clock.advance(1000);
    await meOn(ctx.app, tokens, 401);
  });
});
