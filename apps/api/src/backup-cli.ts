// npm run backup [file]   — writes a backup of the database and the user files (default
//                           DATA_DIR/backups/lendo-<date>.ndjson.gz); Lendo may be serving.
// npm run restore <file>  — replaces them with a backup; Lendo must be stopped.
// Works on the embedded PostgreSQL and on the server of DATABASE_URL.
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backup, restore } from './db/backup.ts';
import { connect } from './db/client.ts';
import { ensureDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres.ts';

async function main(command: string | undefined, file: string | undefined) {
  if ((command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.error('usage: npm run backup [file] | npm run restore <file>');
    return 2;
  }
  const config = loadConfig();
  const filesDir = join(config.DATA_DIR, 'files');
  const dataDir = join(config.DATA_DIR, 'postgres');
  // The database: DATABASE_URL's, the embedded one Lendo is running, or the embedded one started here.
  const running = config.DATABASE_URL ?? runningEmbeddedUrl(dataDir, 'lendo');
  const server = running ? undefined : await startEmbeddedPostgres(dataDir);
  try {
    const url = running ?? (await ensureDatabase(server!.url(), 'lendo'));
    const started = Date.now();
    // The database is brought to this version's tables first (nothing to do when Lendo made it).
    await (await connect(url)).close();
    if (command === 'backup') {
      const out = resolve(
        file ??
          join(
            config.DATA_DIR,
            'backups',
            `lendo-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson.gz`,
          ),
      );
      const figures = await backup(url, filesDir, out);
      console.log(
        `backed up ${figures.rows} rows of ${figures.tables} tables and ${figures.files} files to ${out} in ${Date.now() - started} ms`,
      );
    } else {
      const figures = await restore(url, filesDir, resolve(file!));
      console.log(
        `restored ${figures.rows} rows of ${figures.tables} tables and ${figures.files} files from ${file} in ${Date.now() - started} ms`,
      );
    }
    return 0;
  } finally {
    await server?.stop();
  }
}

try {
  process.exitCode = await main(process.argv[2], process.argv[3]);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BackupError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
}
