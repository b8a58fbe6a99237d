/**
 * A limit on how many of some work run at once in this process: `limit(work)` starts `work` when
 * fewer than `most` are running, otherwise when one of them finishes (first come, first served).
 * Work still waiting when its `signal` aborts is dropped: it rejects with the signal's reason and
 * never starts (work already running goes on).
 */
export function atOnce(most: number) {
  let running = 0;
  const queued: Array<() => void> = [];
  return async function limit<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (running < most) running += 1;
    // A finished one hands its place to the first one waiting.
    else await waitInLine(queued, signal);
    try {
      return await work();
    } finally {
      const next = queued.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

function waitInLine(queued: Array<() => void>, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const turn = () => {
      signal?.removeEventListener('abort', leave);
      resolve();
    };
    const leave = () => {
      queued.splice(queued.indexOf(turn), 1);
      reject(signal!.reason);
    };
    queued.push(turn);
    signal?.addEventListener('abort', leave, { once: true });
  });
}
