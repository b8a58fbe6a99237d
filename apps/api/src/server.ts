import cluster from 'node:cluster';
import { join } from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { buildApp } from './app.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

/** The process's own lines (starting the database, the cluster); requests log through Fastify's. */
const log = pino({ level: config.LOG_LEVEL });

/** The database every process uses; the embedded server is started (and stopped) by the primary. */
async function primaryDatabase(): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, 'postgres'),
    importFrom: join(config.DATA_DIR, 'db'),
    log: (message) => log.info(message),
  });
}

/**
 * Closes `close` on SIGINT/SIGTERM, at most once, then exits. A signal that comes again while it
 * closes is ignored rather than left to kill the process halfway (and the embedded PostgreSQL with
 * it, left running): Ctrl-C on `npm start` reaches the server twice, once from the terminal and
 * once passed on by npm. Closing gives up after 15 s either way.
 */
function onShutdown(close: () => Promise<void>) {
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      log.error('shutdown did not finish within 15 s');
      process.exit(1);
    }, 15_000).unref();
    try {
      await close();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

async function serve(database: Database) {
  const app = await buildApp({ config, database });
  onShutdown(async () => {
    app.log.info('shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  // Several processes on one port: the primary owns the database (and starts the embedded one),
  // the workers serve. The first worker seeds and loads the library before the others start.
  const database = await primaryDatabase();
  const env = { DATABASE_URL: database.url };
  const fork = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork(env);
      worker.once('listening', () => resolve());
      worker.once('exit', (code) => reject(new Error(`an API worker exited with ${code} while starting`)));
    });
  await fork();
  await Promise.all(Array.from({ length: config.WEB_CONCURRENCY - 1 }, fork));
  let stopping = false;
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    log.error(`API worker ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork(env);
  });
  onShutdown(async () => {
    stopping = true;
    const exited = Object.values(cluster.workers ?? {}).map(
      (worker) => new Promise((resolve) => worker!.once('exit', resolve)),
    );
    for (const worker of Object.values(cluster.workers ?? {})) worker!.process.kill('SIGTERM');
    await Promise.all(exited);
    await database.close();
  });
  log.info(`Lendo is ready on ${appUrl()} (${config.WEB_CONCURRENCY} processes, database: ${database.kind})`);
} else {
  const database = cluster.isPrimary
    ? await primaryDatabase()
    : await openDatabase({ url: config.DATABASE_URL, dataDir: '' });
  const app = await serve(database);
  if (cluster.isPrimary) app.log.info(`Lendo is ready on ${appUrl()} (database: ${database.kind})`);
}

function appUrl() {
  return config.APP_URL ?? `http://localhost:${config.PORT}`;
}
