import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('batched', () => {
  it('starts a call at once when a place is free and groups the calls that came meanwhile', async () => {
    const groups: number[][] = [];
    const double = batched(
      async (items: number[]) => {
        groups.push(items);
        await tick();
        return items.map((n) => n * 2);
      },
      { most: 3, running: 1 },
    );
    const first = double(1);
    const rest = [2, 3, 4, 5, 6].map(double);
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10, 12]);
    // The first alone, then the waiting ones at most three at a time, in the order they came.
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('runs up to the given number of groups at once', async () => {
    let running = 0;
    let most = 0;
    const echo = batched(
      async (items: string[]) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        return items;
      },
      { most: 1, running: 2 },
    );
    expect(await Promise.all(['a', 'b', 'c', 'd'].map(echo))).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(2);
  });

  it('fails only the item whose answer is an Error, and every item of a group that throws', async () => {
    const check = batched(
      async (items: number[]) => {
        await tick();
        if (items.includes(13)) throw new Error('unlucky group');
        return items.map((n) => (n < 0 ? new Error(`negative ${n}`) : n));
      },
      { most: 2, running: 1 },
    );
    const results = await Promise.allSettled([0, -1, 2, 13, 4].map(check));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      'negative -1',
      2,
      'unlucky group',
      'unlucky group',
    ]);
  });

  it('with gatherMs, waits for the callers the last group answered, so that they go together', async () => {
    const groups: number[] = [];
    const echo = batched(
      async (items: number[]) => {
        groups.push(items.length);
        await tick();
        return items;
      },
      { most: 100, running: 1, gatherMs: 200 },
    );
    // Ten callers, each calling again as soon as it is answered, three times.
    await Promise.all(
      Array.from({ length: 10 }, async (_, caller) => {
        for (let round = 0; round < 3; round += 1) expect(await echo(caller)).toBe(caller);
      }),
    );
    // The first alone (a place was free); then the nine that waited wait for the tenth (without
    // gatherMs: 1, 9, 1, 9, …); the last round is one short, and waits out gatherMs.
    expect(groups).toEqual([1, 10, 10, 9]);
  });

  it('with gatherQuietMs, waits while calls keep coming and starts once they pause', async () => {
    const groups: number[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const echo = batched(
      async (items: number[]) => {
        groups.push(items.length);
        if (groups.length === 1) await gate;
        return items;
      },
      { most: 100, running: 1, gatherMs: 60_000, gatherQuietMs: 250 },
    );
    // One starts alone and nine wait while it runs: the next group expects ten callers.
    const first = [echo(0), ...Array.from({ length: 9 }, (_, i) => echo(i + 1))];
    release();
    // Only the nine come: a pause of 250 ms, not the minute of gatherMs, starts them.
    const answered = Promise.all(first).then(async () => {
      // Five come back one after another, 10 ms apart: each within the pause, so they go together.
      const again: Array<Promise<number>> = [];
      for (let caller = 0; caller < 5; caller += 1) {
        again.push(echo(caller));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await Promise.all(again);
      return 'answered';
    });
    const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 3000));
    expect(await Promise.race([answered, waited])).toBe('answered');
    expect(groups).toEqual([1, 9, 5]);
  });

  it('with gatherMs, starts each call at once when one is open at a time', async () => {
    const echo = batched(async (items: string[]) => items, { most: 100, running: 1, gatherMs: 60_000 });
    const answered = (async () => {
      for (const word of ['a', 'b', 'c', 'd']) expect(await echo(word)).toBe(word);
      return 'answered';
    })();
    const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 1000));
    expect(await Promise.race([answered, waited])).toBe('answered');
  });
});
