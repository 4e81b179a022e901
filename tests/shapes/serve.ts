import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { validators } from '../../src/generated/validators.js';
import { EntityOperations } from '../../src/server/crud/operations.js';
import { registerEntityRoutes } from '../../src/server/crud/routes.js';
import { migrate } from '../../src/server/db/migrate.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { registerErrorHandler } from '../../src/server/http/error-handler.js';
import { registerJsonBody } from '../../src/server/http/json-body.js';
import { compileShapes } from './compile.js';

const runtime = pathToFileURL(join(import.meta.dirname, '../../src/shared/validation-runtime.js')).href;

/**
 * The generic management routes of a test-only entity set, on an in-memory PGlite database migrated with the
 * set's own migrations: the same route, operation and repository code the server runs, without the product's
 * entities. The set's request validators are compiled by codegen like the real ones and added to the validator
 * table (keyed by schema hash, so the real entries are untouched).
 */
export const serveShapes = async (set: string) => {
  const compiled = await compileShapes(set);
  const dir = mkdtempSync(join(tmpdir(), `gatehouse-shapes-validators-`));
  const file = join(dir, 'validators.js');
  writeFileSync(file, compiled.validators.replace("'../shared/validation-runtime.js'", JSON.stringify(runtime)));
  const module = (await import(pathToFileURL(file).href)) as { validators: typeof validators };
  rmSync(dir, { recursive: true, force: true });
  Object.assign(validators, module.validators);

  const db = await openPglite();
  await migrate(db, compiled.migrations);
  const app = Fastify();
  registerErrorHandler(app);
  registerJsonBody(app);
  const operations = new Map<string, EntityOperations>();
  const operationsOf = (name: string) => {
    const found = operations.get(name);
    if (!found) throw new Error(`Unknown entity ${name}`);
    return found;
  };
  for (const model of compiled.models) operations.set(model.name, new EntityOperations(model, db, operationsOf));
  for (const model of compiled.models) {
    registerEntityRoutes(app, model, { db, operationsOf, context: () => ({ tenantId: 'default' }) });
  }
  await app.ready();
  return {
    app,
    db,
    openapi: compiled.openapi,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};
