import { withAutoAnalyze } from './auto-analyze.js';
import type { Database } from './database.js';
import { type Migration, migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface DatabaseOptions {
  /** A Postgres connection string; when absent, PGlite is embedded. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data directory dump (`dumpDataDir`) to start from, e.g. an already migrated database in tests. */
  template?: Blob | undefined;
  /** The migrations to apply (a catalog's); default the generated ones. */
  migrations?: readonly Migration[] | undefined;
}

/**
 * Opens the database the options point at and brings its schema up to date; processes starting together on one
 * database migrate one after the other (the later ones find nothing left to do). PGlite, which has no autovacuum,
 * also gets its planner statistics refreshed as tables grow (see auto-analyze.ts).
 */
export const connectDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir, options.template);
  try {
    await db.exclusive(() => migrate(db, options.migrations ? [...options.migrations] : undefined));
    return db.kind === 'pglite' ? await withAutoAnalyze(db) : db;
  } catch (error) {
    await db.close();
    throw error;
  }
};
