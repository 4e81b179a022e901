/**
 * Global setup of the unit, API and browser tests: embedded databases made once per run, to copy instead of
 * creating. A new PGlite runs initdb first, which costs seconds of CPU; loading a dump of one costs a fraction of
 * that. The run gets an empty database (initdb only) and a migrated one, both as dumps (`dumpDataDir`), and the
 * migrated one as a data directory too, to copy for a server process. The projects' setups share one set: it is
 * made by the first and removed by the last.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/server/db/connect.js';

export interface PgliteTemplates {
  /** A dump of a database as initdb leaves it, nothing migrated. */
  empty: string;
  /** A dump of a database with every generated migration applied. */
  migrated: string;
  /** The migrated database as a data directory (closed), to copy for a server's DATA_DIR. */
  migratedDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates;
  }
}

const extensions = { pg_trgm, btree_gin };

const dumpTo = async (pglite: PGlite, file: string) => {
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
};

const makeTemplates = async (dir: string): Promise<PgliteTemplates> => {
  const migratedDir = join(dir, 'data');
  const templates = { empty: join(dir, 'empty.tar'), migrated: join(dir, 'migrated.tar'), migratedDir };
  const fresh = await PGlite.create(migratedDir, { extensions });
  await dumpTo(fresh, templates.empty);
  await fresh.close();
  // The server's own way of opening and migrating a data directory.
  await (await connectDatabase({ dataDir: migratedDir })).close();
  const migrated = await PGlite.create(migratedDir, { extensions });
  await dumpTo(migrated, templates.migrated);
  await migrated.close();
  return templates;
};

interface Shared {
  users: number;
  dir: string;
  templates: Promise<PgliteTemplates>;
}
const key = Symbol.for('gatehouse.pgliteTemplates');
const registry = globalThis as { [key]?: Shared };

/** The run's templates, made on the first call; `release()` removes them after the last user. */
export const acquirePgliteTemplates = async (): Promise<{ templates: PgliteTemplates; release: () => void }> => {
  if (!registry[key]) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-templates-'));
    registry[key] = { users: 0, dir, templates: makeTemplates(dir) };
  }
  const shared = registry[key];
  shared.users += 1;
  const release = () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    rmSync(shared.dir, { recursive: true, force: true });
    if (registry[key] === shared) delete registry[key];
  };
  try {
    return { templates: await shared.templates, release };
  } catch (error) {
    release();
    throw error;
  }
};

export default async function setup(project: TestProject) {
  const { templates, release } = await acquirePgliteTemplates();
  project.provide('pgliteTemplates', templates);
  return release;
}
