import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityModel } from '../src/shared/descriptor.js';
import { formFolder } from '../src/shared/qa/fixtures.js';
import { type QaForm, qaForms } from '../src/shared/qa/forms.js';
import { ENTITIES_DIR } from './names.js';
import { generatedFormFiles, type Validator } from './qa-fixtures/generate.js';
import { compileInMemory } from './validators.js';

/** The validators of the forms' bodies and of their entities' cross-field rules, compiled in memory. */
export const formValidators = (forms: readonly QaForm[]): Record<string, Validator> =>
  compileInMemory(
    forms.flatMap((form) => [
      form.schema,
      ...(form.formSchema ? [form.formSchema] : []),
      ...(form.recordRules ? [form.recordRules.schema] : []),
    ]),
  );

/**
 * The starting fixtures of every form whose folder (`src/entities/<name>/fixtures/<form>/`) does not exist yet: the
 * generated set (`gen-*.json`) from the models codegen has just built, as files relative to `root`. A form with a
 * folder is left to what is in it; a form whose schema is beyond the generator gets none (for a create form,
 * `checkFixtures` then asks for them).
 */
export const startingFixtures = (root: string, models: readonly EntityModel[]): Map<string, string> => {
  const forms = qaForms(models).filter(
    (form) => !existsSync(join(root, formFolder(ENTITIES_DIR, form.entity, form.form))),
  );
  const files = new Map<string, string>();
  if (forms.length === 0) return files;
  const validators = formValidators(forms);
  for (const form of forms) {
    const folder = formFolder(ENTITIES_DIR, form.entity, form.form);
    for (const [file, text] of generatedFormFiles(form, validators) ?? []) files.set(`${folder}/${file}`, text);
  }
  return files;
};
