import { Worker } from 'node:worker_threads';

/** Memory of the measured processes, MB of PSS: the API's tree and the database's. */
export interface MemorySample {
  apiMb: number;
  dbMb: number;
}
export interface MemoryPeak extends MemorySample {
  /** What was being measured when the peak was sampled. */
  during: string;
}

type Request =
  | { kind: 'now' }
  | { kind: 'during'; name: string }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'peak' };

/**
 * Samples the memory of [API pids, database pids] every 250 ms on a worker thread: a pass over
 * /proc takes milliseconds a load generator on this thread must not wait for. Paused, it reads
 * nothing: a pass costs about 10 ms of one of the two cores (the page tables of every process),
 * which the servers would otherwise lose in the middle of a measured run.
 */
export function startMemorySampler(roots: [number[], number[]]) {
  const worker = new Worker(new URL('./memory-sampler.worker.mjs', import.meta.url), { workerData: roots });
  const ask = <T>(request: Request) =>
    new Promise<T>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(request);
    });
  return {
    now: () => ask<MemorySample>({ kind: 'now' }),
    /** Names what runs from now on (the peak is told with it). */
    during: (name: string) => worker.postMessage({ kind: 'during', name } satisfies Request),
    /** Stops sampling until `resume`, which samples at once. */
    pause: () => worker.postMessage({ kind: 'pause' } satisfies Request),
    resume: () => worker.postMessage({ kind: 'resume' } satisfies Request),
    /** The peak so far, a last sample included. */
    peak: () => ask<MemoryPeak>({ kind: 'peak' }),
    stop: () => worker.terminate(),
  };
}
