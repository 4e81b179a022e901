import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.js';
import { type Database, type Queryable, tenantReadTransaction, tenantTransaction } from './database.js';

const INT8 = 20;

/**
 * Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). Only one process may open a data
 * directory at a time: its lock file refuses a second one until `close()` (or the holder's death) releases it.
 * PGlite serves one query at a time, so transactions are serialised by PGlite itself.
 */
export const openPglite = async (dataDir?: string, template?: Blob): Promise<Database> => {
  const unlock = dataDir ? lockDataDir(dataDir) : undefined;
  // A process that exits without closing (an uncaught error, process.exit) still leaves the directory free.
  if (unlock) process.once('exit', unlock);
  const release = () => {
    if (!unlock) return;
    process.off('exit', unlock);
    unlock();
  };
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir ?? 'memory://', {
      extensions: { pg_trgm, btree_gin },
      parsers: { [INT8]: (value: string) => Number(value) },
      ...(template ? { loadDataDir: template } : {}),
    });
  } catch (error) {
    release();
    throw error;
  }
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <Row>(sql: string, params: unknown[] = []) => {
      const result = await q.query<Row>(sql, params);
      return { rows: result.rows };
    },
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  const transaction: Database['transaction'] = (work, prelude) =>
    db.transaction(async (tx) => {
      if (prelude) await tx.exec(prelude);
      return work(wrap(tx));
    });
  // Only one process opens a data directory, so a queue in this process is lock enough.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive: Database['exclusive'] = (work) => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction,
    withTenant: tenantTransaction(transaction),
    read: tenantReadTransaction(transaction),
    exclusive,
    close: async () => {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
};
