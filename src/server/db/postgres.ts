import pg from 'pg';
import { type Database, type Queryable, STARTUP_LOCK_SQL, tenantTransaction } from './database.js';

const INT8 = 20;

/** A Postgres server reached through a connection pool. */
export const openPostgres = async (connectionString: string): Promise<Database> => {
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({ connectionString, max: 10, types: types as pg.CustomTypesConfig });
  // Fail at start, not at the first request, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  const run: Queryable['query'] = async <Row>(sql: string, params: unknown[] = []) => {
    const result = await pool.query(sql, params);
    return { rows: result.rows as Row[] };
  };
  const transaction: Database['transaction'] = async (work, prelude) => {
    const conn = await pool.connect();
    try {
      // One round trip for BEGIN and the prelude (the simple protocol runs several statements at once).
      await conn.query(prelude ? `BEGIN; ${prelude}` : 'BEGIN');
      const result = await work({
        query: async <Row>(sql: string, params: unknown[] = []) => ({
          rows: (await conn.query(sql, params)).rows as Row[],
        }),
        exec: async (sql: string) => {
          await conn.query(sql);
        },
      });
      await conn.query('COMMIT');
      return result;
    } catch (error) {
      await conn.query('ROLLBACK');
      throw error;
    } finally {
      conn.release();
    }
  };
  const exclusive: Database['exclusive'] = async (work) => {
    const conn = await pool.connect();
    let unlocked = false;
    try {
      await conn.query(`SELECT pg_advisory_lock(${STARTUP_LOCK_SQL})`);
      try {
        return await work();
      } finally {
        await conn.query(`SELECT pg_advisory_unlock(${STARTUP_LOCK_SQL})`);
        unlocked = true;
      }
    } finally {
      // A connection that could not unlock is discarded rather than reused: ending it releases the lock.
      conn.release(!unlocked);
    }
  };
  return {
    kind: 'postgres',
    query: run,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction,
    withTenant: tenantTransaction(transaction),
    exclusive,
    close: () => pool.end(),
  };
};
