/**
 * A limit on how many of some work run at once in this process: `limit(work)` starts `work` when
 * fewer than `most` are running, otherwise when one of them finishes (first come, first served).
 */
export function atOnce(most: number) {
  let running = 0;
  const queued: Array<() => void> = [];
  return async function limit<T>(work: () => Promise<T>): Promise<T> {
    if (running < most) running += 1;
    // A finished one hands its place to the first one waiting.
    else await new Promise<void>((resolve) => queued.push(resolve));
    try {
      return await work();
    } finally {
      const next = queued.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
