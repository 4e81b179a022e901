/**
 * The run's embedded database templates (see pglite-templates.ts), for tests: start a PGlite from a dump instead of
 * running initdb, or a server's data directory from a copy of the migrated one. Without the global setup (a file
 * run outside its project) each helper answers undefined or false, and the test creates its database as usual.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

const read = new Map<string, Blob>();
const blobOf = (file: string | undefined): Blob | undefined => {
  if (!file || !existsSync(file)) return undefined;
  let blob = read.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    read.set(file, blob);
  }
  return blob;
};

const templates = () => inject('pgliteTemplates');

/** An embedded database as initdb leaves it (for `openPglite(undefined, template)`), to migrate step by step. */
export const emptyPgliteTemplate = (): Blob | undefined => blobOf(templates()?.empty);

/** An embedded database with every generated migration applied (`connectDatabase` then finds nothing to do). */
export const migratedPgliteTemplate = (): Blob | undefined => blobOf(templates()?.migrated);

/** Fills the empty directory `dataDir` with a migrated embedded database; false if there is no template. */
export const copyMigratedDataDir = (dataDir: string): boolean => {
  const source = templates()?.migratedDir;
  if (!source || !existsSync(source)) return false;
  cpSync(source, dataDir, { recursive: true });
  return true;
};
