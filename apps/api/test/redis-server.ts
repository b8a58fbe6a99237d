import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

const REDIS_SERVER = '/usr/bin/redis-server';

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway redis-server (Debian's) on a free loopback port that saves nothing to disk, once it
 * answers. `stop` ends it.
 */
export async function startRedisServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const server = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; ; i += 1) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (i > 100) {
        server.kill('SIGTERM');
        throw new Error('redis-server did not start');
      }
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  probe.disconnect();
  return { url, stop: () => server.kill('SIGTERM') };
}
