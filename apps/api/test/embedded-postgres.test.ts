import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { dataDir, exited, startServer } from './server-process.ts';

const folders: string[] = [];

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Whether a process runs: not gone, and not a zombie waiting for its parent (init) to reap it. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); // "pid (name) state …"
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL', () => {
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

  it('stops with the API on Ctrl-C, which under `npm start` comes twice (npm passes its own on)', async () => {
    const dir = await dataDir();
    const { child, base } = await startServer(dir);
    const lock = join(dir, 'postgres', 'postmaster.pid');
    const postmaster = Number(readFileSync(lock, 'utf8').split('\n')[0]);
    const gone = exited(child);
    child.kill('SIGINT');
    // The second comes once the server is closing (it no longer accepts connections), as npm's
    // does. Probed with bare connections: a request would keep the server busy while it closes.
    const { port } = new URL(base);
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
        socket.once('connect', () => socket.destroy());
      });
    while (await listening()) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGINT');
    expect(await gone).toBe(0);
    expect(existsSync(lock)).toBe(false);
    expect(running(postmaster)).toBe(false);
  }, 120_000);

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
