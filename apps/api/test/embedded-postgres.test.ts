import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { dictionaryStore, newUser } from './helper.ts';

/** The product as `npm start` runs it, on the embedded PostgreSQL in a data folder of its own. */
const server = join(import.meta.dirname, '../src/server.ts');
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'lendo-embedded-'));
  // Run as root, the server runs as the postgres user, who must reach its cluster.
  chmodSync(dir, 0o755);
  folders.push(dir);
  symlinkSync(await dictionaryStore(), join(dir, 'dictionary'));
  return dir;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(dir: string) {
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

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));
const json = { 'content-type': 'application/json' };

/** A distinct lowercase word per number: 0 → "ba", 1 → "bb", … */
const lemmaOf = (n: number) =>
  `b${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;

describe('the embedded PostgreSQL', () => {
  it('keeps every acknowledged write when the API is killed with SIGKILL mid-write, and comes back', async () => {
    const dir = await dataDir();
    const first = await startServer(dir);
    const user = newUser();
    const signup = await fetch(`${first.base}/auth/signup/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(user),
    });
    expect(signup.status).toBe(201);
    const auth = { authorization: `Bearer ${((await signup.json()) as { access: string }).access}` };

    // Writers in parallel, each remembering what the server acknowledged, until the kill.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const lemma = lemmaOf(next++);
        const res = await fetch(`${first.base}/words/statuses/`, {
          method: 'PUT',
          headers: { ...json, ...auth },
          body: JSON.stringify({ language: 'en', lemma, status: 'known' }),
        }).catch(() => null);
        if (res?.ok) acknowledged.push(lemma);
        else if (!killed) throw new Error(`a write failed before the kill: ${res?.status}`);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 10));
    // Writes still in flight when the process dies may fail: only the acknowledged ones count.
    killed = true;
    const gone = exited(first.child);
    first.child.kill('SIGKILL');
    await gone;
    await Promise.all(writers);

    // The embedded server outlived the API: the next start must find it and take over.
    const postmaster = Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(postmaster, 0)).not.toThrow();

    const second = await startServer(dir);
    try {
      const res = await fetch(`${second.base}/words/statuses/?language=en`, { headers: auth });
      expect(res.status).toBe(200);
      const { statuses } = (await res.json()) as { statuses: Record<string, string> };
      const lost = acknowledged.filter((lemma) => statuses[lemma] !== 'known');
      expect(acknowledged.length).toBeGreaterThanOrEqual(200);
      expect(lost).toEqual([]);
    } finally {
      const stopped = exited(second.child);
      second.child.kill('SIGTERM');
      await stopped;
    }
    // A clean shutdown stops the embedded server too.
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it.runIf(process.getuid?.() === 0)(
    'runs as root from a data folder the postgres user cannot enter, keeping the cluster elsewhere',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lendo-private-')); // 0700, root's own
      folders.push(dir);
      const target = { dataDir: join(dir, 'postgres') };
      const database = await openDatabase(target);
      let cluster = '';
      try {
        await database.db.execute(`create table kept (n int); insert into kept values (42)`);
        cluster = realpathSync(target.dataDir);
        expect(cluster).not.toBe(target.dataDir);
        expect(existsSync(join(target.dataDir, 'postmaster.pid'))).toBe(true);
      } finally {
        await database.close();
      }
      const again = await openDatabase(target);
      try {
        const { rows } = await again.db.execute<{ n: number }>('select n from kept');
        expect(rows).toEqual([{ n: 42 }]);
      } finally {
        await again.close();
      }
      // The data folder removed, its cluster goes with it: the next start begins anew.
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { mode: 0o700 });
      const anew = await openDatabase(target);
      try {
        const { rows } = await anew.db.execute(`select 1 from pg_tables where tablename = 'kept'`);
        expect(rows).toEqual([]);
      } finally {
        await anew.close();
        rmSync(cluster, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('copies an older install’s PGlite database in on its first start, once', async () => {
    const dir = await dataDir();
    const legacy = join(dir, 'db');
    const pglite = await PGlite.create(legacy);
    await migrate(drizzle(pglite), { migrationsFolder: join(import.meta.dirname, '../drizzle') });
    await pglite.query(
      `insert into users (email, username, learning_language, onboarding_completed) values ($1, $2, 'es', true)`,
      ['kept@example.com', 'kept_learner'],
    );
    await pglite.close();

    const target = { dataDir: join(dir, 'postgres'), importFrom: legacy };
    const database = await openDatabase(target);
    try {
      const { rows } = await database.db.execute<{ username: string; number: number }>(
        `select username, number from users where email = 'kept@example.com'`,
      );
      expect(rows.map((r) => r.username)).toEqual(['kept_learner']);
      // New rows continue the numbering after the copied ones.
      const { rows: added } = await database.db.execute<{ number: number }>(
        `insert into users (email, username) values ('new@example.com', 'new_learner') returning number`,
      );
      expect(Number(added[0]!.number)).toBeGreaterThan(Number(rows[0]!.number));
    } finally {
      await database.close();
    }
    expect(existsSync(legacy)).toBe(false);
    expect(existsSync(`${legacy}.imported`)).toBe(true);

    // The second start finds nothing left to copy and keeps what is there.
    const again = await openDatabase(target);
    try {
      const { rows } = await again.db.execute(`select 1 from users where email = 'kept@example.com'`);
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 120_000);
});
