import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bearer, build, signup } from './helper.ts';
import { PNG } from './images.ts';
import { chapterId, favorite, library, onboard, report, storyId } from './story-helpers.ts';

const { app, database, config } = await build();

type Tokens = { access: string; refresh: string };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  tokens?: { access: string },
  payload?: object,
) => app.inject({ method, url: `/api${url}`, headers: tokens ? bearer(tokens) : {}, payload });
const refresh = (tokens: { refresh: string }) =>
  call('POST', '/auth/token/refresh/', undefined, { refresh: tokens.refresh });
const signin = (email: string, password: string) =>
  call('POST', '/auth/signin/', undefined, { email, password });
const updatePassword = (tokens: { access: string }, payload: object) =>
  call('POST', '/auth/update-password/', tokens, payload);

describe('POST /auth/update-password/', () => {
  it('changes the password, signs out every session and hands this one a new pair', async () => {
    const { body, tokens } = await signup(app);
    const otherSession: Tokens = (await signin(body.email, body.password)).json();
    const res = await updatePassword(tokens, { old_password: body.password, password: 'Changed-pass1!' });
    expect(res.statusCode).toBe(200);
    const fresh: Tokens = res.json();

    expect((await refresh(tokens)).statusCode).toBe(401);
    expect((await refresh(otherSession)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me/', fresh)).statusCode).toBe(200);
    expect((await refresh(fresh)).statusCode).toBe(200);
    expect((await signin(body.email, 'Changed-pass1!')).statusCode).toBe(200);
    expect((await signin(body.email, body.password)).statusCode).toBe(401);
  });

  it('refuses a wrong or missing current password and a weak new one, changing nothing', async () => {
    const { body, tokens } = await signup(app);
    const wrong = await updatePassword(tokens, { old_password: 'Wrong-pass1!', password: 'Changed-pass1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'The current password is not correct.',
      code: 'profile.wrong-password',
      fields: { old_password: 'profile.wrong-password' },
    });
    const missing = await updatePassword(tokens, { password: 'Changed-pass1!' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ old_password: 'error.password-required' });
    const weak = await updatePassword(tokens, { old_password: body.password, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: 'error.password-lowercase-and-uppercase' });

    expect((await refresh(tokens)).statusCode).toBe(200);
    expect((await signin(body.email, body.password)).statusCode).toBe(200);
  });

  it('lets an account without a password set its first one without old_password', async () => {
    const { body, tokens } = await signup(app);
    await database.db
      .update(users)
      .set({ passwordHash: null })
      .where(sql`${users.email} = ${body.email}`);
    expect((await call('GET', '/auth/me/', tokens)).json().has_password).toBe(false);
    const res = await updatePassword(tokens, { password: 'First-pass1!' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/auth/me/', res.json())).json().has_password).toBe(true);
    expect((await signin(body.email, 'First-pass1!')).statusCode).toBe(200);
  });
});

describe('POST /auth/deactivate/', () => {
  it('locks the account out at once until the next sign-in, which restores it', async () => {
    const { body, tokens } = await signup(app);
    const bystander = await signup(app);
    const res = await call('POST', '/auth/deactivate/', tokens);
    expect(res.statusCode).toBe(200);

    for (const url of ['/auth/me/', '/auth/connections/', '/deck/decks/?language=en', '/stories/home/']) {
      const locked = await call('GET', url, tokens);
      expect(locked.statusCode, url).toBe(401);
      expect(locked.json().code).toBe('error.unauthorized');
    }
    expect((await refresh(tokens)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me/', bystander.tokens)).statusCode).toBe(200);

    const back = await signin(body.email, body.password);
    expect(back.statusCode).toBe(200);
    expect((await call('GET', '/auth/me/', back.json())).json().username).toBe(body.username);
    // Tokens from before the deactivation stay dead: only the new sign-in's count.
    expect((await call('GET', '/auth/me/', tokens)).statusCode).toBe(401);
  });

  it('does not restore the account on a wrong password', async () => {
    const { body, tokens } = await signup(app);
    await call('POST', '/auth/deactivate/', tokens);
    expect((await signin(body.email, 'Wrong-pass1!')).statusCode).toBe(401);
    expect((await call('GET', '/auth/me/', tokens)).statusCode).toBe(401);
  });
});

/** Rows of every table with a user_id column (whoever added it) that belong to `userId`. */
async function rowsOwnedBy(userId: string) {
  const { rows: tables } = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.columns
        where column_name = 'user_id' and table_schema = current_schema()`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
    );
    counts[table_name] = rows[0]!.n;
  }
  return counts;
}

describe('DELETE /auth/me/', () => {
  const story = library.find((s) => s.language === 'en' && s.free)!;

  /** A learner with a bit of everything: deck and card, favorite, progress, avatar, pending email. */
  async function busyLearner(email?: string) {
    const { body, tokens } = await signup(app, email ? { email } : {});
    await onboard(app, tokens, { language: 'en', proficiency: 'beginner', motivation: 'travel' });
    const [deck] = (await call('GET', '/deck/decks/?language=en', tokens)).json();
    const card = await call('POST', `/deck/decks/${deck.id}/flashcards/`, tokens, {
      word: 'house',
      front: 'The house is red.',
      back: 'A casa é vermelha.',
      language: 'en',
    });
    expect(card.statusCode).toBe(201);
    expect((await favorite(app, tokens, storyId(story.slug), true)).statusCode).toBe(200);
    expect(
      (await report(app, tokens, chapterId(story.slug, 1), { page: 1, finished: false })).statusCode,
    ).toBe(200);
    const avatar = await call('POST', '/auth/update-avatar/', tokens, {
      avatar: PNG.toString('base64'),
      extension: 'png',
    });
    await call('PUT', '/auth/update-user/', tokens, { email: `pending.${body.email}` });
    const me = (await call('GET', '/auth/me/', tokens)).json();
    return { body, tokens, me, avatarUrl: avatar.json().avatar_url as string };
  }

  it('removes every trace of the account; signing up again with the email starts from nothing', async () => {
    const { body, tokens, me, avatarUrl } = await busyLearner();
    const other = await busyLearner();
    const before = await rowsOwnedBy(me.id);
    expect(before).toMatchObject({ decks: 1, flashcards: 1, story_favorites: 1, chapter_progress: 1 });

    const res = await call('DELETE', '/auth/me/', tokens);
    expect(res.statusCode).toBe(200);
    expect(Object.values(await rowsOwnedBy(me.id)).every((n) => n === 0)).toBe(true);
    expect(existsSync(join(config.DATA_DIR, 'files', 'avatars', me.id))).toBe(false);
    expect((await app.inject({ url: avatarUrl })).statusCode).toBe(404);
    expect((await call('GET', '/auth/me/', tokens)).statusCode).toBe(401);
    expect((await refresh(tokens)).statusCode).toBe(401);
    expect((await signin(body.email, body.password)).statusCode).toBe(401);

    const again = await signup(app, { email: body.email, username: body.username });
    const fresh = (await call('GET', '/auth/me/', again.tokens)).json();
    expect(fresh).toMatchObject({ avatar_url: null, pending_email: null, onboarding_completed: false });
    expect(fresh.id).not.toBe(me.id);
    expect((await call('GET', '/deck/decks/?language=en', again.tokens)).json()).toEqual([]);
    const home = (await call('GET', '/stories/home/', again.tokens)).json();
    expect(home).toMatchObject({ in_progress: [], favorites: [] });
    const card = (await call('GET', `/stories/${storyId(story.slug)}/`, again.tokens)).json();
    expect(card).toMatchObject({ favorite: false, progress: 0 });

    // The other learner keeps everything.
    expect(await rowsOwnedBy(other.me.id)).toEqual(before);
    expect((await app.inject({ url: other.avatarUrl })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await call('DELETE', '/auth/me/')).statusCode).toBe(401);
  });
});
