import pg from 'pg';
import { type Database, type Queryable, STARTUP_LOCK_SQL, tenantPrelude, tenantTransaction } from './database.js';

const INT8 = 20;

interface Corkable {
  cork?: () => void;
  uncork?: () => void;
}

/** Makes the messages `send` queues on a connection go out in one write: the socket is corked meanwhile. */
const inOneWrite = <T>(conn: pg.PoolClient, send: () => T): T => {
  const stream = (conn as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } }).connection.stream;
  stream.cork?.();
  try {
    return send();
  } finally {
    stream.uncork?.();
  }
};

/** An error the server answered with (it has a severity); anything else may have left the connection unusable. */
const answeredByServer = (error: unknown) => typeof error === 'object' && error !== null && 'severity' in error;

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
      return inOneWrite(conn, () => {
        begun = conn.query(prelude ? `BEGIN; ${prelude}` : 'BEGIN');
        begun.catch(() => undefined);
        const sent = conn.query(sql, params);
        sent.catch(() => undefined);
        // The statement's answer counts only once BEGIN and the prelude have succeeded.
        return begun.then(() => sent);
      });
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
  // Each statement of a read is a read-only transaction of its own: BEGIN with the tenant's settings, the statement
  // and COMMIT in one write, answered together. COMMIT always goes, so the connection comes back idle even when the
  // statement failed (it then ends the aborted transaction).
  const read: Database['read'] = async (tenantId, work) => {
    const begin = `BEGIN READ ONLY; ${tenantPrelude(tenantId)}`;
    const statement = async (sql: string, params?: unknown[]) => {
      const conn = await pool.connect();
      const sent = inOneWrite(conn, () => [conn.query(begin), conn.query(sql, params), conn.query('COMMIT')]);
      const answers = await Promise.allSettled(sent);
      // The first failure is the cause: a failed prelude makes the statement fail too.
      const failed = answers.find((answer) => answer.status === 'rejected');
      conn.release(failed && !answeredByServer(failed.reason) ? (failed.reason as Error) : undefined);
      if (failed) throw failed.reason;
      return (answers[1] as PromiseFulfilledResult<pg.QueryResult>).value;
    };
    return work({
      query: async <Row>(sql: string, params: unknown[] = []) => ({
        rows: (await statement(sql, params)).rows as Row[],
      }),
      exec: async (sql: string) => {
        await statement(sql);
      },
    });
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
    read,
    exclusive,
    close: () => pool.end(),
  };
};
