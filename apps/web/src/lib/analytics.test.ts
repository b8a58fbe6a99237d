import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, pageView, track } from './analytics';

/** Replaces fetch; each batch is recorded with its bearer token and body. */
function mockFetch(status: (token: string | null) => number) {
  const batches: { token: string | null; body: { visitor: string; events: unknown[] } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      const token = auth ? auth.replace('Bearer ', '') : null;
      batches.push({ token, body: JSON.parse(init.body as string) });
      return new Response(null, { status: status(token) });
    }),
  );
  return batches;
}

describe('analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends page views and events in one batch a moment later, under one visitor id', async () => {
    const batches = mockFetch(() => 204);
    pageView('/stories');
    track('flashcard_created', { language: 'en' });
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.token).toBeNull();
    expect(batches[0]!.body.events).toEqual([
      { name: 'page_view', path: '/stories' },
      { name: 'flashcard_created', properties: { language: 'en' } },
    ]);
    pageView('/decks');
    await flush();
    expect(batches[1]!.body.visitor).toBe(batches[0]!.body.visitor);
  });

  it('sends as the learner when signed in, and as the visitor when the token has expired', async () => {
    localStorage.setItem('access', 'old-token');
    const batches = mockFetch((token) => (token ? 401 : 204));
    track('chapter_finished');
    await flush();
    expect(batches.map((b) => b.token)).toEqual(['old-token', null]);
  });

  it('sends in batches of at most 20, and at once when the page is hidden', async () => {
    const batches = mockFetch(() => 204);
    for (let i = 0; i < 25; i++) pageView(`/page-${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.body.events.length)).toEqual([20, 5]);
    pageView('/leaving');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.body.events.length)).toEqual([20, 5, 1]);
  });

  it('drops a batch it cannot send, without an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    track('sign_up');
    await expect(flush()).resolves.toBeUndefined();
  });
});
