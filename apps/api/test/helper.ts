import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { SignupBody, TokenPair } from '@lendo/shared';
import { buildApp, type App } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { manualClock } from '../src/lib/clock.ts';

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL when TEST_DB=postgres.
 */
async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) return openDatabase({});
  const name = `lendo_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  clock: ReturnType<typeof manualClock>;
  config: Config;
}

/** Builds the app on a fresh database; closed after the file's tests. */
export async function build(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const clock = manualClock();
  const config = testConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lendo-test-')),
    AUTH_RATE_LIMIT_MAX: 1000,
    ...overrides,
  });
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, clock, config };
}

let counter = 0;
/** A valid sign-up body, unique per call. */
export function newUser(overrides: Partial<SignupBody> = {}): SignupBody & { password: string } {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${id}`.slice(0, 20),
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
