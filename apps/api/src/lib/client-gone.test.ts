import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { untilClientGone } from './client-gone.ts';
import { registerErrorHandling } from './errors.ts';

/** A server whose one route waits for its signal, or answers when told. */
async function serve() {
  const app = Fastify();
  registerErrorHandling(app);
  const signals: AbortSignal[] = [];
  let answer!: () => void;
  app.get('/wait', async (_req, reply) => {
    const signal = untilClientGone(reply);
    signals.push(signal);
    await new Promise<void>((resolve, reject) => {
      answer = resolve;
      signal.addEventListener('abort', () => reject(signal.reason));
    });
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, signals, answer: () => answer() };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('untilClientGone', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(() => close?.());

  it('aborts when the client closes its connection before the answer', async () => {
    const { app, url, signals, answer } = await serve();
    close = () => app.close();
    const leaving = new AbortController();
    const request = fetch(`${url}/wait`, { signal: leaving.signal });
    await until(() => signals.length === 1);
    leaving.abort();
    await expect(request).rejects.toThrow();
    await until(() => signals[0]!.aborted);
    expect((signals[0]!.reason as Error).message).toBe('The client closed the connection before its answer.');
    // The server goes on answering others.
    const next = fetch(`${url}/wait`);
    await until(() => signals.length === 2);
    answer();
    expect((await next).status).toBe(200);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('stays quiet for a client that waits for its answer', async () => {
    const { app, url, signals, answer } = await serve();
    close = () => app.close();
    const request = fetch(`${url}/wait`);
    await until(() => signals.length === 1);
    answer();
    const res = await request;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(signals[0]!.aborted).toBe(false);
  });
});
