import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

/**
 * A backup is one gzipped file of JSON lines: a header (format, the migrations the database had,
 * every table's columns), then one line per row (`{"t": table, "r": row}`) and one per user file
 * (`{"f": key, "b": base64}`), then a trailer with the counts, so a cut-off file is refused. Rows
 * are read in one repeatable-read snapshot, so a backup taken while Lendo serves is consistent.
 * The audio cache (`files/tts`) is left out: it is made again on demand.
 */
const FORMAT = 'lendo-backup';
const VERSION = 1;
const BATCH = 500;

interface Header {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  migrations: string[];
  tables: Record<string, string[]>;
}

export interface BackupFigures {
  tables: number;
  rows: number;
  files: number;
}

/** The tables of the public schema (but drizzle's own) with their writable columns. */
async function tableColumns(client: pg.ClientBase): Promise<Record<string, string[]>> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.table_name as name, array_agg(c.column_name::text order by c.ordinal_position) as columns
       from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.table_name <> '__drizzle_migrations' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.columns]));
}

async function migrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

/** Every file under `dir` but the audio cache, as keys relative to it. */
async function userFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((key) => !key.startsWith('tts/') && !key.endsWith('.part'))
    .sort();
}

async function* backupLines(url: string, filesDir: string, figures: BackupFigures) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tableColumns(client);
    const header: Header = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations: await migrations(client),
      tables,
    };
    yield `${JSON.stringify(header)}\n`;
    for (const [name, columns] of Object.entries(tables)) {
      figures.tables++;
      const table = client.escapeIdentifier(name);
      const list = columns.map((c) => client.escapeIdentifier(c)).join(', ');
      await client.query(
        `declare rows_of cursor for select row_to_json(r)::text as line from (select ${list} from ${table}) r`,
      );
      for (;;) {
        const { rows } = await client.query<{ line: string }>(`fetch ${BATCH} from rows_of`);
        if (rows.length === 0) break;
        figures.rows += rows.length;
        yield rows.map((r) => `{"t":${JSON.stringify(name)},"r":${r.line}}\n`).join('');
      }
      await client.query('close rows_of');
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  for (const key of await userFiles(filesDir)) {
    figures.files++;
    const bytes = await readFile(join(filesDir, ...key.split('/')));
    yield `${JSON.stringify({ f: key, b: bytes.toString('base64') })}\n`;
  }
  yield `${JSON.stringify({ end: true, ...figures })}\n`;
}

/** Writes a backup of the database at `url` and the files in `filesDir` to `file`. */
export async function backup(url: string, filesDir: string, file: string): Promise<BackupFigures> {
  const figures: BackupFigures = { tables: 0, rows: 0, files: 0 };
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed when whole, so a failed backup never leaves a file that looks good.
  const partial = `${file}.part`;
  try {
    await pipeline(
      Readable.from(backupLines(url, filesDir, figures)),
      createGzip(),
      createWriteStream(partial),
    );
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return figures;
}

export class BackupError extends Error {}

/** Makes every identity column of the public schema continue after the rows it holds (after a copy). */
export async function continueIdentities(client: pg.ClientBase) {
  const { rows: identities } = await client.query<{ tbl: string; col: string }>(
    `select table_name as tbl, column_name as col from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { tbl, col } of identities) {
    const column = client.escapeIdentifier(col);
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), greatest(coalesce(max(${column}), 0), 1), max(${column}) is not null)
         from ${client.escapeIdentifier(tbl)}`,
      [tbl, col],
    );
  }
}

async function* linesOf(file: string) {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line) as Record<string, unknown>;
}

/** Checks that `file` is a whole backup this version can restore; its header. */
async function verify(file: string, current: string[]): Promise<Header> {
  let header: Header | undefined;
  const counted: BackupFigures = { tables: 0, rows: 0, files: 0 };
  let end: BackupFigures | undefined;
  try {
    for await (const line of linesOf(file)) {
      if (!header) {
        if (line.format !== FORMAT || line.version !== VERSION)
          throw new BackupError(`${file} is not a Lendo backup`);
        header = line as unknown as Header;
      } else if ('t' in line) counted.rows++;
      else if ('f' in line) counted.files++;
      else if (line.end) end = line as unknown as BackupFigures;
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} cannot be read as a Lendo backup: ${(err as Error).message}`);
  }
  if (!header || !end || end.rows !== counted.rows || end.files !== counted.files) {
    throw new BackupError(`${file} is incomplete (cut off while it was written or copied)`);
  }
  const newer = header.migrations.filter((hash) => !current.includes(hash));
  if (newer.length > 0) {
    throw new BackupError(`${file} was taken by a newer version of Lendo: update Lendo before restoring it`);
  }
  return header;
}

/**
 * Replaces everything in the database at `url` (already migrated to this version) and the user
 * files in `filesDir` with the backup in `file`, in one transaction: a failure changes nothing.
 * Refused while anything else is connected to the database (Lendo must be stopped).
 */
export async function restore(url: string, filesDir: string, file: string): Promise<BackupFigures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const figures: BackupFigures = { tables: 0, rows: 0, files: 0 };
  try {
    // A connection just closed may be listed for a moment: look again for up to two seconds.
    for (let look = 0; ; look++) {
      const { rows: others } = await client.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      if (others.length === 0) break;
      if (look === 20) throw new BackupError('Lendo is running on this database: stop it, then restore');
      await new Promise((r) => setTimeout(r, 100));
    }
    const header = await verify(file, await migrations(client));
    const tables = await tableColumns(client);
    for (const [name, columns] of Object.entries(header.tables)) {
      const gone = columns.filter((c) => !tables[name]?.includes(c));
      if (gone.length > 0)
        throw new BackupError(`${file} has ${name}.${gone[0]}, which this version does not`);
    }

    figures.tables = Object.keys(header.tables).length;
    await client.query('begin');
    // Rows arrive table by table, in no order the foreign keys would accept.
    await client.query('set local session_replication_role = replica');
    await client.query(
      `truncate ${Object.keys(tables)
        .map((t) => client.escapeIdentifier(t))
        .join(', ')}`,
    );
    let batch: { table: string; rows: unknown[] } | undefined;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      const table = client.escapeIdentifier(batch.table);
      const list = header.tables[batch.table]!.map((c) => client.escapeIdentifier(c)).join(', ');
      await client.query(
        `insert into ${table} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${table}, $1)`,
        [JSON.stringify(batch.rows)],
      );
      figures.rows += batch.rows.length;
      batch.rows = [];
    };
    const files: { key: string; bytes: Buffer }[] = [];
    for await (const line of linesOf(file)) {
      if (typeof line.t === 'string') {
        if (batch?.table !== line.t) {
          await flush();
          batch = { table: line.t, rows: [] };
        }
        batch.rows.push(line.r);
        if (batch.rows.length >= BATCH) await flush();
      } else if (typeof line.f === 'string') {
        files.push({ key: line.f, bytes: Buffer.from(String(line.b), 'base64') });
      }
    }
    await flush();
    await continueIdentities(client);

    // The files are put in a side folder first; the database commits, then the folders swap.
    const fresh = `${filesDir}.restoring`;
    await rm(fresh, { recursive: true, force: true });
    await mkdir(fresh, { recursive: true });
    for (const { key, bytes } of files) {
      const path = join(fresh, ...key.split('/'));
      if (relative(fresh, path).startsWith('..'))
        throw new BackupError(`${file} names a file outside: ${key}`);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    }
    figures.files = files.length;
    await client.query('commit');
    const cache = join(filesDir, 'tts');
    if (existsSync(cache)) await rename(cache, join(fresh, 'tts'));
    await rm(filesDir, { recursive: true, force: true });
    await rename(fresh, filesDir);
    return figures;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
