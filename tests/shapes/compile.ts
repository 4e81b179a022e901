import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { type GenerateResult, generate } from '../../codegen/generate.js';
import type { ConsoleResource, EntityModel } from '../../src/shared/descriptor.js';

const repo = join(import.meta.dirname, '../..');
const shapes = import.meta.dirname;

/** What codegen made of the project's entities plus the test shapes of `tests/shapes/`. */
export interface CompiledShapes {
  root: string;
  result: GenerateResult;
  models: EntityModel[];
  consoleResources: ConsoleResource[];
  /** Every migration, the project's and then the one that adds the shapes' tables. */
  migrations: { name: string; sql: string }[];
  validators: Record<string, ValidateFunction>;
  dispose(): void;
}

const arrayAfter = <T>(text: string, marker: string, end: string): T =>
  JSON.parse(text.slice(text.indexOf(marker) + marker.length, text.lastIndexOf(end))) as T;

/** A temporary copy of the project with the shapes' schemas, descriptors and texts added, and codegen run on it. */
export const shapesRoot = (): string => {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-shapes-'));
  for (const dir of ['schemas', 'resources', 'codegen/meta', 'src/generated/db', 'src/generated/migrations']) {
    cpSync(join(repo, dir), join(root, dir), { recursive: true });
  }
  cpSync(join(repo, 'src/console/locales/en'), join(root, 'src/console/locales/en'), { recursive: true });
  for (const dir of ['schemas', 'resources', 'locales/en']) {
    const target = dir === 'locales/en' ? 'src/console/locales/en' : dir;
    for (const file of readdirSync(join(shapes, dir))) cpSync(join(shapes, dir, file), join(root, target, file));
  }
  return root;
};

export const compileShapes = async (): Promise<CompiledShapes> => {
  const root = shapesRoot();
  const result = await generate({ root, migrationName: 'test shapes' });
  const file = (path: string) => result.files.get(path) ?? '';
  // The validators module imports its runtime helpers relatively; point it at the project's. It is written inside
  // the project (under node_modules/.cache), where the test runner loads modules in every environment, jsdom too.
  const runtime = join(repo, 'src/shared/validation-runtime.js');
  const cache = join(repo, 'node_modules/.cache/gatehouse-shapes');
  mkdirSync(cache, { recursive: true });
  const validatorsFile = join(cache, `${basename(root)}.js`);
  writeFileSync(
    validatorsFile,
    file('src/generated/validators.js').replace('../shared/validation-runtime.js', runtime),
  );
  const { validators } = (await import(/* @vite-ignore */ validatorsFile)) as {
    validators: Record<string, ValidateFunction>;
  };
  return {
    root,
    result,
    models: arrayAfter(file('src/generated/entities.ts'), 'entityModels: EntityModel[] = ', ' as EntityModel[]'),
    consoleResources: arrayAfter(
      file('src/generated/console-registry.ts'),
      'consoleResources: ConsoleResource[] = ',
      ' as ConsoleResource[]',
    ),
    migrations: arrayAfter(file('src/generated/migrations/index.ts'), '= ', ';'),
    validators,
    dispose: () => {
      rmSync(root, { recursive: true, force: true });
      rmSync(validatorsFile, { force: true });
    },
  };
};
