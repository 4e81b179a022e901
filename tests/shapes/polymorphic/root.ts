import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type GenerateOptions, type GenerateResult, generate } from '../../../codegen/generate.js';
import { loadEntities } from '../../../codegen/load.js';
import { buildModels } from '../../../codegen/model.js';
import type { EntityModel } from '../../../src/shared/descriptor.js';
import type { CompiledValidator } from '../../../src/shared/record-rules.js';

const repo = join(import.meta.dirname, '../../..');
const shapes = import.meta.dirname;

export interface ShapeRoot {
  root: string;
  /** Write a file into the root (relative path), e.g. to add or break a branch. */
  write: (path: string, content: unknown) => void;
  remove: () => void;
}

/**
 * A project root holding the test-only entities of this folder (schemas, descriptors, English texts) beside the
 * repository's shared field definitions and descriptor meta-schema, for `generate({ root })`.
 */
export const shapeRoot = (): ShapeRoot => {
  // Inside the repository (ignored by git), so the test runner loads the generated validators in any environment.
  const parent = join(repo, 'node_modules/.cache/gatehouse-shapes');
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, 'root-'));
  cpSync(join(shapes, 'entities'), join(root, 'src/entities'), { recursive: true });
  cpSync(join(repo, 'src/entities/_defs'), join(root, 'src/entities/_defs'), { recursive: true });
  cpSync(join(repo, 'codegen/meta'), join(root, 'codegen/meta'), { recursive: true });
  // The project-wide texts (error codes, validation messages) beside the shape's own.
  for (const file of ['common.json', 'errors.json']) {
    cpSync(join(repo, 'src/console/locales/en', file), join(root, 'src/console/locales/en', file));
  }
  cpSync(join(shapes, 'locales/en'), join(root, 'src/console/locales/en'), { recursive: true });
  return {
    root,
    write: (path, content) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
};

export interface GeneratedShapes {
  result: GenerateResult;
  models: EntityModel[];
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as plain JSON
  openapi: any;
  validators: Record<string, CompiledValidator>;
}

/**
 * Runs codegen on a shape root and loads what it generated: the models, the OpenAPI document and the compiled
 * validators (written into the root, importing the repository's validation runtime).
 */
export const generateShapes = async (
  root: string,
  options: Omit<GenerateOptions, 'root'> = {},
): Promise<GeneratedShapes> => {
  const result = await generate({ root, ...options });
  const runtime = join(repo, 'src/shared/validation-runtime.js');
  const code = (result.files.get('src/generated/validators.js') ?? '').replace(
    "'../shared/validation-runtime.js'",
    JSON.stringify(runtime),
  );
  const file = join(root, 'src/generated', `validators-${Date.now()}-${Math.random().toString(36).slice(2)}.js`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  const { validators } = (await import(/* @vite-ignore */ file)) as {
    validators: Record<string, CompiledValidator>;
  };
  return {
    result,
    models: buildModels(loadEntities(root)),
    openapi: JSON.parse(result.files.get('src/generated/openapi.json') ?? '{}'),
    validators,
  };
};
