/**
 * Global setup of the API tests: the databases migrated once per run. PGlite's is dumped to a temporary file and
 * every test file starts its in-memory database from that dump; on Postgres (DATABASE_URL set) a template database
 * is migrated and every file's database is created from it. Migrating again took seconds per file on a busy
 * machine; `connectDatabase` still checks that nothing is left to migrate.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump's path. */
    pgliteTemplate: string;
    /** The migrated Postgres template database's name ('' without DATABASE_URL). */
    postgresTemplate: string;
  }
}

const pgliteDump = async (dir: string) => {
  const dataDir = join(dir, 'data');
  const migrated = await connectDatabase({ dataDir });
  await migrated.close();
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
};

const adminUrl = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
};

/** Runs `work` on a connection to the server's `postgres` database. */
const onServer = async (databaseUrl: string, work: (client: pg.Client) => Promise<unknown>) => {
  const client = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};

const postgresTemplate = async (databaseUrl: string) => {
  const name = `gatehouse_api_template_${randomBytes(6).toString('hex')}`;
  await onServer(databaseUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const migrated = await connectDatabase({ databaseUrl: url.toString() });
  await migrated.close();
  // A database is copied only while nobody is connected to it: make sure the pool's connections are gone.
  await onServer(databaseUrl, (client) =>
    client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]),
  );
  return name;
};

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-api-template-'));
  const databaseUrl = process.env.DATABASE_URL;
  project.provide('pgliteTemplate', await pgliteDump(dir));
  const template = databaseUrl ? await postgresTemplate(databaseUrl) : '';
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (databaseUrl && template) {
      await onServer(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
    }
  };
}
