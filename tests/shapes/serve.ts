import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { serverOverrides } from '../../src/generated/server-overrides.js';
import type { Catalog } from '../../src/server/crud/catalog.js';
import { systemContext } from '../../src/server/crud/context.js';
import { registerEntityRoutes } from '../../src/server/crud/routes.js';
import type { Database } from '../../src/server/db/database.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { openPostgres } from '../../src/server/db/postgres.js';
import { registerErrorHandler } from '../../src/server/http/error-handler.js';
import { registerJsonBody } from '../../src/server/http/json-body.js';
import { buildOperations } from '../../src/server/operations.js';
import { DEFAULT_COUNT_THRESHOLD } from '../../src/shared/list-counts.js';
import { emptyPgliteTemplate } from '../template-databases.js';
import { compileSet } from './sets.js';

const runtime = pathToFileURL(join(import.meta.dirname, '../../src/shared/validation-runtime.js')).href;

/** A database of its own: PGlite in memory, or a new database on the Postgres server `databaseUrl` names. */
const openDatabase = async (databaseUrl?: string): Promise<{ db: Database; drop: () => Promise<void> }> => {
  if (!databaseUrl) {
    // From the run's dump of an initdb'd database, when there is one: initdb itself costs seconds of CPU.
    const db = await openPglite(undefined, emptyPgliteTemplate());
    return { db, drop: () => db.close() };
  }
  const name = `gatehouse_shapes_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    drop: async () => {
      try {
        await db.close();
        // A closed pool's connections take a moment to leave; dropping under them would end them with an error.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
};

/**
 * The generic management routes of a test-only entity set, on a database of its own (PGlite in memory, or Postgres
 * when `databaseUrl` is given) migrated with the set's own migrations: the same route, operation, pipeline and
 * repository code the server runs, over a catalog of the set alone (none of the product's entities), with the
 * set's request validators compiled by codegen like the real ones.
 */
/** Each set compiled once per worker: a file serves its set on each database target. */
const compiledSets = new Map<string, ReturnType<typeof compileSet>>();

export const serveShapes = async (set: string, databaseUrl?: string) => {
  let compiling = compiledSets.get(set);
  if (!compiling) {
    compiling = compileSet(set);
    compiledSets.set(set, compiling);
    compiling.catch(() => compiledSets.delete(set));
  }
  const compiled = await compiling;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-shapes-validators-'));
  const file = join(dir, 'validators.js');
  writeFileSync(file, compiled.validators.replace("'../shared/validation-runtime.js'", JSON.stringify(runtime)));
  const module = (await import(pathToFileURL(file).href)) as { validators: Catalog['validators'] };
  rmSync(dir, { recursive: true, force: true });
  const catalog: Catalog = {
    models: compiled.models,
    validators: module.validators,
    migrations: compiled.migrations,
    overrides: serverOverrides,
    openapi: JSON.stringify(compiled.openapi),
  };

  const { db, drop } = await openDatabase(databaseUrl);
  await migrate(db, compiled.migrations);
  const app = Fastify();
  registerErrorHandler(app);
  registerJsonBody(app);
  const { operationsOf, validation, overrides } = buildOperations({ db, catalog });
  const context = () => systemContext('default', 'test');
  for (const model of compiled.models) {
    const deps = { db, operationsOf, context, validation, overrides, models: compiled.models };
    registerEntityRoutes(app, model, { ...deps, countThreshold: DEFAULT_COUNT_THRESHOLD });
  }
  await app.ready();
  return {
    app,
    db,
    openapi: compiled.openapi,
    close: async () => {
      await app.close();
      await drop();
    },
  };
};
