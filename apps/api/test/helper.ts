import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { afterAll, inject, onTestFinished } from 'vitest';
import { ensureStore } from '@lendo/dictionary';
import type { SignupBody, TokenPair } from '@lendo/shared';
import { buildApp, type App } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { connect, type Database } from '../src/db/client.ts';
import { dropDatabase, ensureDatabase } from '../src/db/embedded-postgres.ts';
import { manualClock } from '../src/lib/clock.ts';
import { wordless } from './wordless.ts';

/**
 * A fresh database: a copy of the run's migrated template (test/global-setup.ts) on the embedded
 * PostgreSQL server, or on the server of TEST_DATABASE_URL when TEST_DB=postgres. Dropped on close.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = inject('databaseServer');
  const name = `lendo_test_${randomUUID().replaceAll('-', '')}`;
  const database = await connect(await ensureDatabase(serverUrl, name, inject('templateDatabase')));
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

const DICTIONARY_STORE = join(tmpdir(), 'lendo-test-dictionary');
/** A lock older than this was left by a test run that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * The dictionary store shared by every test file, under the system's temp folder: built on first
 * use (about half a minute) and rebuilt only when its sources change, not once per file. Test files
 * start together, so one builds while the others wait on a lock (mkdir is atomic).
 */
export function dictionaryStore(): Promise<string> {
  storeReady ??= (async () => {
    const lock = `${DICTIONARY_STORE}.lock`;
    for (;;) {
      try {
        mkdirSync(lock);
        break;
      } catch {
        if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_LOCK_MS) {
          rmSync(lock, { recursive: true, force: true });
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    try {
      await ensureStore(DICTIONARY_STORE);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    return DICTIONARY_STORE;
  })();
  return storeReady;
}
let storeReady: Promise<string> | undefined;

export interface TestContext {
  app: App;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  config: Config;
}

/**
 * Builds the app on a fresh database; closed after the file's tests. `logger` keeps its lines.
 * Given a `database`, builds on that one instead (a second API instance) and leaves it open.
 */
export async function build(
  overrides: Partial<Config> = {},
  { logger = false, database: shared }: { logger?: FastifyServerOptions['logger']; database?: Database } = {},
): Promise<TestContext> {
  const database = shared ?? (await freshDatabase());
  const clock = manualClock();
  const config = testConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lendo-test-')),
    AUTH_RATE_LIMIT_MAX: 1000,
    ...overrides,
  });
  symlinkSync(await dictionaryStore(), join(config.DATA_DIR, 'dictionary'));
  const app = await buildApp({ config, database, clock, logger });
  await app.ready();
  const close = async () => {
    try {
      await app.close();
      // A test may have closed the database on purpose already.
      if (!shared) await database.close().catch(() => undefined);
    } finally {
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    }
  };
  // Inside a test the app lives as long as that test; at file level, as long as the file.
  try {
    onTestFinished(close);
  } catch {
    afterAll(close);
  }
  return { app, database, clock, config };
}

let counter = 0;
/** A valid sign-up body, unique per call. */
export function newUser(overrides: Partial<SignupBody> = {}): SignupBody & { password: string } {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${wordless(Date.now() % 13 ** 10)}${wordless(counter)}`.slice(0, 20),
    email: `user.${id}@example.com`,
    password: 'Secret123!',
    ...overrides,
  };
}

/** Signs a new user up through the API and returns the body used and the tokens. */
export async function signup(app: App, overrides: Partial<SignupBody> = {}) {
  const body = newUser(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/signup/', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { body, tokens: res.json() as TokenPair };
}

export const bearer = (tokens: { access: string }) => ({ authorization: `Bearer ${tokens.access}` });
