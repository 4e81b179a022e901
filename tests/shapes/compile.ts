import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generate } from '../../codegen/generate.js';
import type { Catalog } from '../../src/server/crud/catalog.js';
import { serverOverrideKeys } from '../../src/server/overrides/keys.js';
import { serverOverrides } from '../../src/server/overrides/registry.js';
import type { EntityModel } from '../../src/shared/descriptor.js';
import { shapeOverrideKeys, shapeOverrides } from './overrides.js';

const root = join(import.meta.dirname, '../..');
const shapes = import.meta.dirname;

export interface CompiledShapes {
  catalog: Catalog;
  /** Every file codegen wrote for the temporary root (path → content). */
  files: Map<string, string>;
  /** The migration that creates the test-only tables. */
  migration: string | undefined;
}

/**
 * Compiles the product's entities plus the test-only ones of `tests/shapes/` with codegen in a temporary root, and
 * returns the catalog a server serves them from: models, compiled validators, migrations (the product's, then one
 * for the test-only tables), the OpenAPI document and the overrides (the product's and `overrides.ts`).
 */
export const compileShapes = async (): Promise<CompiledShapes> => {
  // Inside the project (ignored by git), so the module runner loads the generated modules like any other.
  const tmp = mkdtempSync(join(shapes, '.compiled-'));
  try {
    for (const dir of ['schemas', 'resources', 'codegen/meta', 'src/generated/db', 'src/generated/migrations']) {
      cpSync(join(root, dir), join(tmp, dir), { recursive: true });
    }
    cpSync(join(shapes, 'schemas'), join(tmp, 'schemas'), { recursive: true });
    cpSync(join(shapes, 'resources'), join(tmp, 'resources'), { recursive: true });
    const { files, newMigration } = await generate({
      root: tmp,
      localesRoot: root,
      migrationName: 'test_shapes',
      serverOverrideKeys: [...serverOverrideKeys, ...shapeOverrideKeys],
    });
    // The compiled validators import their runtime functions relative to src/generated; point them at the real ones.
    const runtime = relative(join(tmp, 'src/generated'), join(root, 'src/shared/validation-runtime.js'));
    for (const [path, content] of files) {
      mkdirSync(dirname(join(tmp, path)), { recursive: true });
      writeFileSync(join(tmp, path), content.replace("'../shared/validation-runtime.js'", `'${runtime}'`));
    }
    const generated = (file: string) => pathToFileURL(join(tmp, 'src/generated', file)).href;
    const { validators } = (await import(generated('validators.js'))) as { validators: Catalog['validators'] };
    const { entityModels } = (await import(generated('entities.ts'))) as { entityModels: EntityModel[] };
    const { migrations } = (await import(generated('migrations/index.ts'))) as { migrations: Catalog['migrations'] };
    const catalog: Catalog = {
      models: entityModels,
      validators,
      migrations,
      overrides: { ...serverOverrides, ...shapeOverrides },
      openapi: readFileSync(join(tmp, 'src/generated/openapi.json'), 'utf8'),
    };
    return { catalog, files, migration: newMigration && files.get(newMigration) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};
