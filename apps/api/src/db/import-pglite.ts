import { existsSync, renameSync } from 'node:fs';
import pg from 'pg';
import { continueIdentities } from './backup.ts';

/**
 * Before the embedded PostgreSQL server, the embedded database was PGlite in `DATA_DIR/db`. On the
 * first start of the server, that data is copied into it (same migrations, so the same tables), then
 * the old folder is renamed `db.imported` and kept. Nothing a learner saved is left behind.
 */
export async function importPglite(pgliteDir: string, url: string, log: (message: string) => void) {
  if (!existsSync(pgliteDir)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const source = await PGlite.create(pgliteDir);
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    const { rows: tables } = await source.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '__drizzle_migrations'`,
    );
    await target.query('begin');
    // Rows arrive table by table, in no order the foreign keys would accept: check them at the end.
    await target.query('set local session_replication_role = replica');
    let copied = 0;
    for (const { name } of tables) {
      const table = target.escapeIdentifier(name);
      await target.query(`delete from ${table}`);
      const { rows } = await source.query<{ rows: unknown[] | null }>(
        `select json_agg(t) as rows from ${table} t`,
      );
      const data = rows[0]?.rows ?? [];
      if (data.length === 0) continue;
      await target.query(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1)`,
        [JSON.stringify(data)],
      );
      copied += data.length;
    }
    // Identity columns continue after the copied rows.
    await continueIdentities(target);
    await target.query('commit');
    log(`imported ${copied} rows of ${tables.length} tables from the PGlite database in ${pgliteDir}`);
  } catch (err) {
    await target.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await target.end();
    await source.close();
  }
  renameSync(pgliteDir, `${pgliteDir}.imported`);
}
