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
});
