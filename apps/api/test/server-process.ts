import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { dropDatabase, ensureDatabase } from '../src/db/embedded-postgres.ts';
import { dictionaryStore } from './helper.ts';

/** The product as `npm start` runs it, in a process of its own (so it can be killed). */
const server = join(import.meta.dirname, '../src/server.ts');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A data folder of its own, with the shared dictionary store. */
export async function dataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'lendo-embedded-'));
  // Run as root, the server runs as the postgres user, who must reach its cluster.
  chmodSync(dir, 0o755);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(await dictionaryStore(), join(dir, 'dictionary'));
  return dir;
}

/**
 * Where a server process keeps its data: the embedded PostgreSQL in a data folder of its own, or
 * (TEST_DB=postgres) a new database on the run's PostgreSQL server beside that folder.
 */
export async function serverData(): Promise<{ dir: string; env: Record<string, string>; database: string }> {
  const dir = await dataDir();
  if (process.env.TEST_DB !== 'postgres') return { dir, env: {}, database: 'the embedded PostgreSQL' };
  const serverUrl = inject('databaseServer');
  const name = `lendo_process_${Math.random().toString(36).slice(2)}`;
  const url = await ensureDatabase(serverUrl, name);
  cleanups.push(() => dropDatabase(serverUrl, name));
  return { dir, env: { DATABASE_URL: url }, database: 'PostgreSQL' };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/api */
  base: string;
}

export async function startServer(dir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', server], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

export const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

/** Stops a server as an operator would (SIGTERM) and waits for it to exit. */
export async function stopServer({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = exited(child);
  child.kill('SIGTERM');
  await gone;
}

const json = { 'content-type': 'application/json' };

/** Calls a server process's API as one learner. */
export function http(base: string, access?: string) {
  const auth: Record<string, string> = access ? { authorization: `Bearer ${access}` } : {};
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, ...json },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}
