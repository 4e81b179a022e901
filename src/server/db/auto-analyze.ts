import type { Database, Queryable } from './database.js';

/**
 * PGlite runs no autovacuum, so nothing refreshes the planner statistics as tables grow, and plans made for a
 * near-empty table (a scan instead of an index, a join order for ten rows) stay in use at 100,000 rows. This does
 * autovacuum's analyze part in-process: a table is analyzed once the rows written since its last ANALYZE exceed
 * 50 + 10% of its size (autovacuum's defaults), and a table that holds rows but was never analyzed is analyzed.
 * The check runs when the database opens and then every `intervalMs`; it reads the server's own counters, so it
 * sees every write, whichever code made it.
 */
const STALE_TABLES = `
  SELECT s.relname AS name
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.schemaname = 'public' AND (
    s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    OR (c.reltuples < 0 AND pg_relation_size(c.oid) > 0)
  )
  ORDER BY s.relname`;

/** Analyzes the tables whose statistics are stale by autovacuum's rule; returns their names. */
export const analyzeStaleTables = async (db: Queryable): Promise<string[]> => {
  // Write counters reach the statistics views when a transaction ends, at most once a second: flush them now.
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await db.exec(`ANALYZE "${name.replace(/"/g, '""')}"`);
  return rows.map((row) => row.name);
};

/** Keeps the statistics of `db` fresh until it is closed (see above). */
export const withAutoAnalyze = async (db: Database, intervalMs = 10_000): Promise<Database> => {
  await analyzeStaleTables(db);
  let closed = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = analyzeStaleTables(db).catch((error: unknown) => {
      if (!closed) process.emitWarning(`Refreshing planner statistics failed: ${String(error)}`);
    });
  }, intervalMs);
  timer.unref();
  return {
    ...db,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await running;
      await db.close();
    },
  };
};
