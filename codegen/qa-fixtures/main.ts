import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { qaForms } from '../../src/shared/qa/forms.js';
import { CodegenError, loadEntities } from '../load.js';
import { buildModels } from '../model.js';
import { ENTITIES_DIR } from '../names.js';
import { formValidators } from '../starting-fixtures.js';
import { generateFixtures } from './generate.js';

/**
 * `npm run fixtures`: refreshes the generated fixtures (`gen-*.json`) of every form of the project's entities in
 * their folders (`src/entities/<name>/fixtures/`), from the entity folders alone, after a schema change. Codegen
 * writes a new form's starting set itself; hand-written fixtures are never touched.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
try {
  const forms = qaForms(buildModels(loadEntities(root)));
  const { written, removed, skipped } = generateFixtures(forms, formValidators(forms), join(root, ENTITIES_DIR));
  const shown = (path: string) => relative(process.cwd(), path);
  for (const path of written) console.log(`wrote   ${shown(path)}`);
  for (const path of removed) console.log(`removed ${shown(path)}`);
  for (const form of skipped) console.warn(`no valid body could be generated for ${form}; write its fixtures by hand`);
  console.log(`${forms.length} forms: ${written.length} files written, ${removed.length} removed.`);
} catch (error) {
  if (error instanceof CodegenError) {
    console.error(`fixtures: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
