import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of speech workers (espeak-ng in WebAssembly, ~200 ms a sentence) with a queue,
 * so synthesis never blocks the event loop. Workers start on first use; one that crashes or
 * takes too long is replaced and only its own job fails.
 */
export interface SpeechPool {
  /** Synthesizes `text` with an espeak-ng voice (e.g. pt-br) and returns a WAV file. */
  synthesize(text: string, voice: string): Promise<Buffer>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  text: string;
  voice: string;
  resolve(wav: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
}

type WorkerReply = { id: number; wav: Uint8Array } | { id: number; error: string };

const CLOSED = 'the speech pool is closed';
const workerFile = new URL('./speech-worker.mjs', import.meta.url);

/** Two workers, or one on a single-core machine, leaving a core to the event loop. */
const DEFAULT_SIZE = Math.min(2, Math.max(1, availableParallelism() - 1));

export function createSpeechPool({ size = DEFAULT_SIZE, jobTimeoutMs = 30_000 } = {}): SpeechPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerFile), job: null };
    slot.worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      finish(slot);
      if ('error' in reply) job.reject(new Error(`speech synthesis failed: ${reply.error}`));
      else job.resolve(Buffer.from(reply.wav.buffer, reply.wav.byteOffset, reply.wav.byteLength));
      pump();
    });
    // 'error' is followed by 'exit'; the first one retires the worker.
    const retire = (err: Error) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      const job = slot.job;
      finish(slot);
      job?.reject(err);
      pump();
    };
    slot.worker.on('error', retire);
    slot.worker.on('exit', (code) => {
      const reason = closed
        ? CLOSED
        : slot.timedOut
          ? `no audio within ${jobTimeoutMs} ms`
          : `speech worker exited (${code})`;
      retire(new Error(reason));
    });
    slot.worker.unref();
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot) {
    clearTimeout(slot.timer);
    slot.job = null;
    slot.worker.unref();
  }

  function pump() {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      // A busy worker keeps the process alive; an idle one does not.
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        slot.timedOut = true;
        void slot.worker.terminate();
      }, jobTimeoutMs);
      slot.worker.postMessage({ id: job.id, text: job.text, voice: job.voice });
    }
  }

  return {
    synthesize(text, voice) {
      if (closed) return Promise.reject(new Error(CLOSED));
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, text, voice, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error(CLOSED));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
