import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbModel } from '../../codegen/db-schema.js';
import { generate } from '../../codegen/generate.js';
import type { EntityModel } from '../../src/shared/descriptor.js';

const repo = join(import.meta.dirname, '../..');

/**
 * A project root without entities: the real descriptor meta-schema, the shared field definitions
 * (`_defs/fields.schema.json`) and the project-wide texts (error codes, validation messages, sidebar groups), for
 * codegen to compile entity folders added to `src/entities/` without touching the repository.
 */
export const bareRoot = (name: string): { root: string; dispose: () => void } => {
  const root = mkdtempSync(join(tmpdir(), `gatehouse-${name}-`));
  cpSync(join(repo, 'codegen/meta'), join(root, 'codegen/meta'), { recursive: true });
  cpSync(join(repo, 'src/entities/_defs'), join(root, 'src/entities/_defs'), { recursive: true });
  for (const file of ['common.json', 'errors.json']) {
    cpSync(join(repo, 'src/console/locales/en', file), join(root, 'src/console/locales/en', file));
  }
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) };
};

/** A bare project root holding one test-only entity set from tests/shapes/<set> (entity folders, English texts). */
export const setRoot = (set: string): { root: string; dispose: () => void } => {
  const made = bareRoot(`shapes-${set}`);
  cpSync(join(repo, 'tests/shapes', set, 'entities'), join(made.root, 'src/entities'), { recursive: true });
  cpSync(join(repo, 'tests/shapes', set, 'locales/en'), join(made.root, 'src/console/locales/en'), { recursive: true });
  return made;
};

/**
 * A set's entity folders, `tests/shapes/<set>/entities/`, each with its fixtures in `fixtures/` (the fixture loader's
 * root for the set).
 */
export const setEntities = (set: string): string => join(repo, 'tests/shapes', set, 'entities');

/** What codegen wrote, read back: the entity models, the migrations and the database model. */
export const readGenerated = (files: Map<string, string>) => {
  const between = (path: string, start: string, end: string) => {
    const text = files.get(path) ?? '';
    return text.slice(text.indexOf(start) + start.length, text.lastIndexOf(end));
  };
  return {
    models: JSON.parse(between('src/generated/entities.ts', '= ', ' as EntityModel[]')) as EntityModel[],
    migrations: JSON.parse(between('src/generated/migrations/index.ts', '= ', ';')) as { name: string; sql: string }[],
    db: JSON.parse(files.get('src/generated/db/model.json') ?? '{}') as DbModel,
    validators: files.get('src/generated/validators.js') ?? '',
    openapi: JSON.parse(files.get('src/generated/openapi.json') ?? '{}'),
  };
};

/** Compiles a test-only entity set (a folder of tests/shapes/) on its own, as `npm run codegen` compiles the real one. */
export const compileSet = async (set: string) => {
  const { root, dispose } = setRoot(set);
  try {
    const { files } = await generate({ root });
    return { files, ...readGenerated(files) };
  } finally {
    dispose();
  }
};
