import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TemporaryDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The connection string without its password, for printing. */
export const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable connection string)';
  }
};

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * Creates an empty database `gatehouse_bench_<random>` on the server `serverUrl` points at and returns a
 * connection string for it; `drop()` removes it again, disconnecting whatever is still connected.
 */
export const createTemporaryDatabase = async (serverUrl: string): Promise<TemporaryDatabase> => {
  const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await withClient(serverUrl, async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      });
    },
  };
};
