import pg from 'pg';
import { type Database, type Queryable, STARTUP_LOCK_SQL, tenantTransaction } from './database.js';

const INT8 = 20;

interface Corkable {
  cork?: () => void;
  uncork?: () => void;
}

/** A Postgres server reached through a connection pool. */
export const openPostgres = async (connectionString: string): Promise<Database> => {
  const int8 = (value: string) => Number(value);
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === INT8 ? int8 : pg.types.getTypeParser(oid, format as 'text'),
  };
  // Pipelined: a query is written as soon as it is made, without waiting for the answers to the ones before it.
  const pool = new pg.Pool({ connectionString, max: 10, types: types as pg.CustomTypesConfig, pipeline: true });
  // Fail at start, not at the first request, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  const run: Queryable['query'] = async <Row>(sql: string, params: unknown[] = []) => {
    const result = await pool.query(sql, params);
    return { rows: result.rows as Row[] };
  };
  const transaction: Database['transaction'] = async (work, prelude) => {
    const conn = await pool.connect();
    // BEGIN and the prelude (one simple-protocol message) go out with the transaction's first statement, in one
    // write, and are answered before it: the transaction costs no round trip of its own before its first statement.
    // A prelude that fails leaves the transaction aborted, so the statement behind it fails too; BEGIN itself cannot
    // fail (the message is fixed text that parses).
    let begun: Promise<unknown> | undefined;
    const send = (sql: string, params?: unknown[]) => {
      if (begun) return conn.query(sql, params);
      const stream = (conn as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } }).connection
        .stream;
      stream.cork?.();
      try {
        begun = conn.query(prelude ? `BEGIN; ${prelude}` : 'BEGIN');
        begun.catch(() => undefined);
        const sent = conn.query(sql, params);
        sent.catch(() => undefined);
        // The statement's answer counts only once BEGIN and the prelude have succeeded.
        return begun.then(() => sent);
      } finally {
        stream.uncork?.();
      }
    };
    try {
      const result = await work({
        query: async <Row>(sql: string, params: unknown[] = []) => ({
          rows: (await send(sql, params)).rows as Row[],
        }),
        exec: async (sql: string) => {
          await send(sql);
        },
      });
      // A transaction that sent no statement has nothing to commit.
      if (begun) await conn.query('COMMIT');
      return result;
    } catch (error) {
      if (begun) await conn.query('ROLLBACK');
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
