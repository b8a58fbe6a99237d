import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/client.ts';
import {
  dropDatabase,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server the tests may create databases on (an admin URL). */
    databaseServer: string;
    /** A database on it with every migration applied: each test file's database is a copy. */
    templateDatabase: string;
  }
}

/**
 * The API tests run on what ships: the embedded PostgreSQL server, started once for the run in a
 * temporary folder, or the server of TEST_DATABASE_URL with TEST_DB=postgres. Migrations are
 * applied once, to a template; each test file copies it (`create database … template …`).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let folder: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) {
    folder = mkdtempSync(join(tmpdir(), 'lendo-test-pg-'));
    // Run as root, the server runs as the postgres user, who must reach the cluster.
    chmodSync(folder, 0o755);
    embedded = await startEmbeddedPostgres(join(folder, 'cluster'));
    serverUrl = embedded.url();
  }
  const template = `lendo_template_${randomUUID().replaceAll('-', '')}`;
  const migrated = await connect(await ensureDatabase(serverUrl, template));
  await migrated.close();
  project.provide('databaseServer', serverUrl);
  project.provide('templateDatabase', template);

  return async () => {
    await dropDatabase(serverUrl, template).catch(() => undefined);
    await embedded?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
