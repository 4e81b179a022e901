/**
 * Global setup of the API tests: one PGlite database migrated once per run and dumped to a temporary file. Every
 * test file then starts its in-memory database from that dump instead of running all migrations again (seconds
 * per file on a busy machine); `connectDatabase` still checks that nothing is left to migrate.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump's path. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-api-template-'));
  const dataDir = join(dir, 'data');
  const migrated = await connectDatabase({ dataDir });
  await migrated.close();
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gin } });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
