import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type GenerateResult, generate } from '../../codegen/generate.js';
import { serverOverrides } from '../../src/generated/server-overrides.js';
import type { Catalog } from '../../src/server/crud/catalog.js';
import type { ConsoleResource, EntityModel } from '../../src/shared/descriptor.js';
import { shapeOverrideKeys, shapeOverrides } from './overrides.js';

const repo = join(import.meta.dirname, '../..');
const shapes = import.meta.dirname;

/** What codegen made of the project's entities plus the test-only ones of `tests/shapes/`. */
export interface CompiledShapes {
  /** What a server serves them from: models, validators, migrations, OpenAPI and overrides. */
  catalog: Catalog;
  result: GenerateResult;
  /** Every file codegen wrote for the temporary root (path → content). */
  files: Map<string, string>;
  /** The migration that creates the test-only tables. */
  migration: string | undefined;
  models: EntityModel[];
  consoleResources: ConsoleResource[];
  migrations: Catalog['migrations'];
  validators: Catalog['validators'];
  /** Nothing is left on disk after compiling; kept so callers may release what they hold. */
  dispose(): void;
}

/**
 * A temporary copy of the project with the shapes' entity folders and English texts added, inside the
 * project (ignored by git), so the module runner loads its generated modules in every environment, jsdom too.
 */
export const shapesRoot = (): string => {
  const root = mkdtempSync(join(shapes, '.compiled-'));
  for (const dir of ['src/entities', 'codegen/meta', 'src/generated/db', 'src/generated/migrations']) {
    cpSync(join(repo, dir), join(root, dir), { recursive: true });
  }
  cpSync(join(repo, 'src/console/locales'), join(root, 'src/console/locales'), { recursive: true });
  for (const [from, to] of [
    ['entities', 'src/entities'],
    ['locales/en', 'src/console/locales/en'],
  ] as const) {
    for (const file of readdirSync(join(shapes, from))) {
      cpSync(join(shapes, from, file), join(root, to, file), { recursive: true });
    }
  }
  return root;
};

const arrayAfter = <T>(text: string, marker: string, end: string): T =>
  JSON.parse(text.slice(text.indexOf(marker) + marker.length, text.lastIndexOf(end))) as T;

/**
 * Compiles the product's entities plus the test-only ones with codegen in a temporary root, and returns the catalog
 * a server serves them from (the product's migrations, then one for the test-only tables; the product's overrides
 * and those of `overrides.ts`).
 */
export const compileShapes = async (): Promise<CompiledShapes> => {
  const root = shapesRoot();
  try {
    const result = await generate({
      root,
      migrationName: 'test_shapes',
      extraServerOverrideKeys: shapeOverrideKeys,
    });
    const { files, newMigration } = result;
    // The compiled validators import their runtime functions relative to src/generated; point them at the real ones.
    const runtime = relative(join(root, 'src/generated'), join(repo, 'src/shared/validation-runtime.js'));
    for (const [path, content] of files) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content.replace("'../shared/validation-runtime.js'", `'${runtime}'`));
    }
    const generated = (file: string) => pathToFileURL(join(root, 'src/generated', file)).href;
    const { validators } = (await import(/* @vite-ignore */ generated('validators.js'))) as {
      validators: Catalog['validators'];
    };
    const file = (path: string) => files.get(path) ?? '';
    const models = arrayAfter<EntityModel[]>(
      file('src/generated/entities.ts'),
      'entityModels: EntityModel[] = ',
      ' as EntityModel[]',
    );
    const migrations = arrayAfter<Catalog['migrations']>(file('src/generated/migrations/index.ts'), '= ', ';');
    const catalog: Catalog = {
      models,
      validators,
      migrations,
      overrides: { ...serverOverrides, ...shapeOverrides },
      openapi: readFileSync(join(root, 'src/generated/openapi.json'), 'utf8'),
    };
    return {
      catalog,
      result,
      files,
      migration: newMigration && files.get(newMigration),
      models,
      consoleResources: [...files.keys()]
        .filter((path) => path.startsWith('src/generated/console-models/'))
        .map((path) => arrayAfter(file(path), 'model: ConsoleResource = ', ' as unknown as ')),
      migrations,
      validators,
      dispose: () => undefined,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
};
