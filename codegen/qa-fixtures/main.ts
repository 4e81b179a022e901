import { relative } from 'node:path';
import { entityModels } from '../../src/generated/entities.js';
import { validators } from '../../src/generated/validators.js';
import { FIXTURES_ROOT } from '../../src/server/qa/fixtures.js';
import { qaForms } from '../../src/server/qa/forms.js';
import { generateFixtures } from './generate.js';

/**
 * `npm run fixtures`: writes the generated fixtures of every form of the project's entities into tests/fixtures
 * (run `npm run codegen` first after a schema change, the forms come from what it generated).
 */
const forms = qaForms(entityModels);
const { written, removed, skipped } = generateFixtures(forms, validators, FIXTURES_ROOT);
const shown = (path: string) => relative(process.cwd(), path);
for (const path of written) console.log(`wrote   ${shown(path)}`);
for (const path of removed) console.log(`removed ${shown(path)}`);
for (const form of skipped) console.warn(`no valid body could be generated for ${form}; write its fixtures by hand`);
console.log(`${forms.length} forms: ${written.length} files written, ${removed.length} removed.`);
