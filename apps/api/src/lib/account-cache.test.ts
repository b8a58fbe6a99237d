import { describe, expect, it } from 'vitest';
import { createAccountCache } from './account-cache.ts';
import { manualClock } from './clock.ts';

const log = { warn: () => undefined } as never;

function setup() {
  const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
  const cache = createAccountCache<{ name: string }>({ clock, log });
  let loads = 0;
  const load =
    (name: string, until: Date | null = null) =>
    async () => {
      loads += 1;
      return { value: { name }, until };
    };
  return { clock, cache, load, loads: () => loads };
}

describe('createAccountCache (in process)', () => {
  it('answers from memory until invalidated', async () => {
    const { cache, load, loads } = setup();
    expect(await cache.profile('u', load('first'))).toEqual({ name: 'first' });
    expect(await cache.profile('u', load('second'))).toEqual({ name: 'first' });
    expect(await cache.access('u', async () => true)).toBe(true);
    expect(await cache.access('u', async () => false)).toBe(true);
    expect(loads()).toBe(1);
    await cache.invalidate('u');
    expect(await cache.profile('u', load('third'))).toEqual({ name: 'third' });
    expect(await cache.access('u', async () => false)).toBe(false);
  });

  it("keeps the account's access and profile when only the learner's own data changes", async () => {
    const { cache, load, loads } = setup();
    const view = (name: string) => async () => ({ value: name, until: null });
    await cache.profile('u', load('me'));
    // A view and the access both loading while an answer to a card commits and drops the views.
    let finishAccess: () => void = () => undefined;
    let finishDecks: () => void = () => undefined;
    const access = cache.access(
      'u',
      () => new Promise<string>((resolve) => (finishAccess = () => resolve('active'))),
    );
    const decks = cache.view(
      'u',
      'decks',
      () =>
        new Promise<{ value: string; until: null }>(
          (resolve) => (finishDecks = () => resolve({ value: 'stale', until: null })),
        ),
    );
    await cache.invalidateViews('u');
    finishAccess();
    finishDecks();
    expect([await access, await decks]).toEqual(['active', 'stale']);
    // The access is kept, and so is the profile; the view, overtaken by the change, is not.
    expect(await cache.access('u', async () => 'reloaded')).toBe('active');
    expect(await cache.profile('u', load('reloaded'))).toEqual({ name: 'me' });
    expect(loads()).toBe(1);
    expect(await cache.view('u', 'decks', view('after'))).toBe('after');
  });

  it('stops serving a profile at the moment the clock changes it', async () => {
    const { clock, cache, load } = setup();
    const until = new Date(clock.now().getTime() + 60_000);
    await cache.profile('u', load('trial', until));
    clock.advance(59_999);
    expect(await cache.profile('u', load('active'))).toEqual({ name: 'trial' });
    clock.advance(1);
    expect(await cache.profile('u', load('active'))).toEqual({ name: 'active' });
  });

  it('does not keep a load that an invalidation overtook', async () => {
    const { cache } = setup();
    let finish: (name: string) => void = () => undefined;
    const slow = cache.profile(
      'u',
      () => new Promise((resolve) => (finish = (name) => resolve({ value: { name }, until: null }))),
    );
    // The write commits and invalidates while the read that began before it is still running.
    await cache.invalidate('u');
    finish('before the write');
    expect(await slow).toEqual({ name: 'before the write' });
    expect(await cache.profile('u', async () => ({ value: { name: 'after' }, until: null }))).toEqual({
      name: 'after',
    });
  });

  it('shares a frozen answer', async () => {
    const { cache, load } = setup();
    const answer = await cache.profile('u', load('shared'));
    expect(Object.isFrozen(answer)).toBe(true);
  });
});
