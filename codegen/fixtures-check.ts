import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { CodegenError } from './errors.js';
import { descriptorFileOf } from './names.js';

/** Where the fixtures of the project's forms live: `<entity>/<form>/{valid,invalid}/`, create bodies in `<entity>/create`. */
export const FIXTURES_DIR = 'tests/fixtures';

/** The fields a create body must carry, to name in the message. */
const requiredFields = (model: EntityModel): string[] => model.requestBodies.create?.schema.required ?? [];

/**
 * Every entity that can be created needs create-body fixtures (`<dir>/<entity>/create/valid` and `.../invalid`)
 * in one of `dirs` (relative to `root` or absolute); the schema tests check each compiled create validator against
 * them. Directories that do not exist are skipped, so a project without fixtures is not held to them.
 */
export const checkFixtures = (models: EntityModel[], root: string, dirs: readonly string[] = [FIXTURES_DIR]) => {
  const present = dirs.map((dir) => (isAbsolute(dir) ? dir : join(root, dir))).filter((dir) => existsSync(dir));
  if (present.length === 0) return;
  const shown = (dir: string) => relative(root, dir) || '.';
  const problems = models
    .filter((model) => model.operations.create)
    .filter((model) => !present.some((dir) => existsSync(join(dir, model.name, 'create'))))
    .map((model) => {
      const folder = `${shown(present[0] ?? root)}/${model.name}/create/`;
      const fields = requiredFields(model);
      return [
        `${folder} (${descriptorFileOf(model.name)} can be created):`,
        `    valid/minimal.json and valid/full.json: { "body": <a create body> }, the least it needs${fields.length ? ` (${fields.join(', ')})` : ''} and every field set`,
        '    invalid/*.json, at least five: { "body": …, "expect": { "path": "/field", "keyword": "maxLength" } }, each breaking one rule',
      ].join('\n');
    });
  if (problems.length > 0) {
    throw new CodegenError(
      `Create-body fixtures missing (\`npm run fixtures\` writes a generated starting set); add:\n  ${problems.join('\n  ')}`,
    );
  }
};
