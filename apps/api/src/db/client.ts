import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';
import { importPglite } from './import-pglite.ts';
import * as schema from './schema.ts';

/**
 * The database, with the pool it runs on and `$generic`, one connection whose named statements
 * PostgreSQL plans once for any parameters (plan_cache_mode=force_generic_plan; see queryNamed).
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $generic: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

/**
 * Runs `text` as the prepared statement `name` on the pool under drizzle, which names only the
 * statements its query builder makes: each connection parses it once. One name, one text; only
 * `values` change from call to call. PostgreSQL still plans it for each call's values unless
 * `plan` is `generic`: then it runs on `db.$generic` and is planned once, for a statement whose
 * best plan does not depend on its values and whose planning is a noticeable share of its time.
 */
export async function queryNamed<T extends pg.QueryResultRow>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
  plan: 'custom' | 'generic' = 'custom',
) {
  const pool = plan === 'generic' ? db.$generic : db.$client;
  return (await pool.query<T>({ name, text, values })).rows;
}

export interface Database {
  db: Db;
  /** `embedded`: the private server this process started; `postgres`: the server of DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** Where it is (the embedded server's carries its generated password). */
  url: string;
  /** The connections of this process's pool: all of them, those idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Connections per API process: a few more than the two cores can keep busy, waiting on I/O. */
const POOL_SIZE = 10;

/** Connects a pool to `url` and applies the SQL migrations. */
export async function connect(url: string, kind: Database['kind'] = 'postgres'): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // One connection (opened on first use) for the statements planned once: the review answers,
  // one group of a process at a time.
  const generic = new pg.Pool({
    connectionString: url,
    max: 1,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection the server closed (restart, failover, an administrator) is dropped by the
  // pool and the next query opens a new one; unhandled, the event would end the process.
  for (const each of [pool, generic]) each.on('error', () => undefined);
  const db = Object.assign(drizzle(pool, { schema }), { $generic: generic });
  await migrate(db, { migrationsFolder });
  return {
    db,
    kind,
    url,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}

/**
 * The PostgreSQL of `url` when one is given; otherwise the embedded server, whose cluster lives in
 * `dataDir` (started here, initialised on first use, stopped by `close`). `importFrom` names the
 * folder of an older install's PGlite database, copied in once.
 */
export interface DatabaseTarget {
  url?: string;
  dataDir: string;
  importFrom?: string;
  log?: (message: string) => void;
}

export async function openDatabase(options: DatabaseTarget): Promise<Database> {
  if (options.url) return connect(options.url);
  const log = options.log ?? (() => undefined);
  const server = await startEmbeddedPostgres(options.dataDir, { log });
  try {
    await ensureDatabase(server.url(), 'lendo');
    const database = await connect(server.url('lendo'), 'embedded');
    if (options.importFrom) await importPglite(options.importFrom, server.url('lendo'), log);
    return {
      ...database,
      async close() {
        await database.close();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
