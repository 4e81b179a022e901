import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { formFolder } from '../src/shared/qa/fixtures.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf, ENTITIES_DIR } from './names.js';

/** The fields a create body must carry, to name in the message. */
const requiredFields = (model: EntityModel): string[] => model.requestBodies.create?.schema.required ?? [];

/**
 * Every entity that can be created needs create-body fixtures in its folder (`fixtures/create/valid` and
 * `.../invalid`); the schema tests check each compiled create validator against them. Codegen writes a generated
 * starting set (`starting`, paths relative to `root`) where the folder is missing; what is left is a create form whose
 * schema is beyond the generator, whose fixtures must be written by hand.
 */
export const checkFixtures = (models: readonly EntityModel[], root: string, starting: ReadonlyMap<string, string>) => {
  const written = (folder: string) => [...starting.keys()].some((path) => path.startsWith(`${folder}/`));
  const problems = models
    .filter((model) => model.operations.create)
    .map((model) => ({ model, folder: formFolder(ENTITIES_DIR, model.name, 'create') }))
    .filter(({ folder }) => !existsSync(join(root, folder)) && !written(folder))
    .map(({ model, folder }) => {
      const fields = requiredFields(model);
      return [
        `${folder}/ (${descriptorFileOf(model.name)} can be created):`,
        `    valid/minimal.json and valid/full.json: { "body": <a create body> }, the least it needs${fields.length ? ` (${fields.join(', ')})` : ''} and every field set`,
        '    invalid/*.json, at least five: { "body": …, "expect": { "path": "/field", "keyword": "maxLength" } }, each breaking one rule',
      ].join('\n');
    });
  if (problems.length > 0) {
    throw new CodegenError(
      `Create-body fixtures missing (no valid body could be generated from the schema; write them by hand); add:\n  ${problems.join('\n  ')}`,
    );
  }
};
