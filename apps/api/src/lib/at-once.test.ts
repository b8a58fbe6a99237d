import { describe, expect, it } from 'vitest';
import { atOnce } from './at-once.ts';

describe('atOnce', () => {
  it('runs at most the given number at once, the others in the order they came', async () => {
    const limit = atOnce(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) =>
      limit(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (n === 3) throw new Error('three fails');
        return n * 10;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      10,
      20,
      'failed',
      40,
      50,
      60,
    ]);
  });

  it('drops work still waiting when its signal aborts; the rest keeps its order', async () => {
    const limit = atOnce(1);
    const started: string[] = [];
    let finishFirst!: () => void;
    const first = limit(() => {
      started.push('first');
      return new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const given = new AbortController();
    const abandoned = limit(async () => void started.push('abandoned'), given.signal);
    const last = limit(async () => void started.push('last'));
    given.abort(new Error('gone'));
    await expect(abandoned).rejects.toThrow('gone');
    finishFirst();
    await Promise.all([first, last]);
    expect(started).toEqual(['first', 'last']);
    // Given up before it asks: never waits, never starts.
    await expect(limit(async () => void started.push('late'), given.signal)).rejects.toThrow('gone');
    expect(started).toEqual(['first', 'last']);
  });

  it('lets work that has started finish when its signal aborts', async () => {
    const limit = atOnce(1);
    const given = new AbortController();
    const running = limit(async () => {
      given.abort(new Error('gone'));
      return 'done';
    }, given.signal);
    await expect(running).resolves.toBe('done');
  });
});
