/**
 * Global setup of the API tests on Postgres (DATABASE_URL set): a template database migrated once per run, every
 * file's database created from it. Migrating again took seconds per file on a busy machine; `connectDatabase` still
 * checks that nothing is left to migrate. PGlite's migrated template comes from ../pglite-templates.ts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated Postgres template database's name ('' without DATABASE_URL). */
    postgresTemplate: string;
  }
}

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

/** The names of a run's databases on the server: its template `gatehouse_api_<run>_template`, and the copies. */
const TEMPLATE_SUFFIX = 'template';

/** What the names of the template's copies start with (the template's own name does too). */
export const templateCopyPrefix = (template: string) => template.slice(0, -TEMPLATE_SUFFIX.length);

const postgresTemplate = async (databaseUrl: string) => {
  const name = `gatehouse_api_${randomBytes(6).toString('hex')}_${TEMPLATE_SUFFIX}`;
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
  const databaseUrl = process.env.DATABASE_URL;
  const template = databaseUrl ? await postgresTemplate(databaseUrl) : '';
  project.provide('postgresTemplate', template);
  return async () => {
    if (!databaseUrl || !template) return;
    // The template, and the copies the workers kept for their next files (see database-pool.ts).
    await onServer(databaseUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [templateCopyPrefix(template)],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}
