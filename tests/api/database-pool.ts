import type { Database } from '../../src/server/db/database.js';

/**
 * A test file's database, handed back when the file is done with it. Opening one costs about 1.5 s of CPU on
 * PGlite (loading the migrated template) and a CREATE and DROP DATABASE on Postgres, in each of the ~140 API files,
 * twice. Instead, a worker keeps the databases its files give back and hands them to its next files, emptied: every
 * table but the migrations' own truncated, which leaves the database as the migrated template is (no migration
 * writes rows elsewhere).
 *
 * A database is only taken back when its structure is still the template's: a file that migrated test-only
 * entities, added triggers or functions, or analyzed its tables (whose statistics would steer the next file's
 * plans) leaves a database no other file should get, and it is closed as before.
 */
export interface Opened {
  db: Database;
  /** Closes the connection and removes whatever was created for the test file. */
  dispose(): Promise<void>;
  /** False: never kept for another file (nothing would remove it when the worker ends). */
  keep?: boolean;
}

/** Everything a test could change about the database besides rows: objects, triggers, roles, statistics. */
const structureSql = `
SELECT md5(string_agg(x, ',' ORDER BY x)) AS fingerprint FROM (
  SELECT 'class:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  UNION ALL
  SELECT 'column:' || a.attrelid::regclass::text || '.' || a.attname || ':' || a.atttypid::text || ':' || a.attnotnull::text
         || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'trigger:' || tgrelid::regclass::text || '.' || tgname FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL
  SELECT 'function:' || p.oid::regprocedure::text
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'policy:' || polrelid::regclass::text || '.' || polname FROM pg_policy
  UNION ALL
  SELECT 'role:' || rolname FROM pg_roles
  UNION ALL
  SELECT 'extension:' || extname FROM pg_extension
  UNION ALL
  SELECT 'setting:' || setdatabase::text || ':' || setrole::text || ':' || array_to_string(setconfig, ';') FROM pg_db_role_setting
  UNION ALL
  SELECT 'statistics:' || count(*)::text
    FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public'
  UNION ALL
  SELECT 'migrations:' || count(*)::text FROM gatehouse_migrations
) AS structure (x)`;

const fingerprint = async (db: Database) =>
  (await db.query<{ fingerprint: string }>(structureSql)).rows[0]?.fingerprint ?? '';

const emptyAll = async (db: Database) => {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I', tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' AND tablename <> 'gatehouse_migrations'`,
  );
  if (rows.length === 0) return;
  // DELETE rather than TRUNCATE: on tables this small it is an order of magnitude faster (TRUNCATE gives every
  // table and index new files). The foreign keys' triggers are off for it, so the order does not matter.
  await db.transaction(
    (q) => q.exec(rows.map((row) => `DELETE FROM ${row.name};`).join('\n')),
    'SET LOCAL session_replication_role = replica;',
  );
};

/**
 * `open` made pooled: the first database a worker opens sets the structure every returned one must still have;
 * `dispose()` empties a database that has it and keeps it for the next `open()`, and really disposes any other.
 */
export const pooled = (open: () => Promise<Opened>): (() => Promise<Opened>) => {
  const idle: Opened[] = [];
  let template: Promise<string> | undefined;
  return async () => {
    const opened = idle.pop() ?? (await open());
    template ??= fingerprint(opened.db);
    let expected: string;
    try {
      expected = await template;
    } catch (error) {
      await opened.dispose();
      throw error;
    }
    return {
      db: opened.db,
      dispose: async () => {
        const same = await fingerprint(opened.db).then(
          (found) => found === expected,
          () => false,
        );
        if (!same || opened.keep === false) return opened.dispose();
        try {
          await emptyAll(opened.db);
        } catch (error) {
          await opened.dispose();
          throw error;
        }
        idle.push(opened);
      },
    };
  };
};
