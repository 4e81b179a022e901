import { hashForSchema } from '@rjsf/utils';
import type { EntityModel } from '../src/shared/descriptor.js';
import type { JSONSchema7 } from '../src/shared/json-schema.js';
import { qaForms } from '../src/shared/qa/forms.js';
import { formSchemas } from './model.js';
import { compileValidators } from './validators.js';

/**
 * Where the validators of the forms only the QA gallery renders (action bodies, the forms of entities the console
 * has no pages for) are written, one module per entity, loaded when the gallery shows that entity's forms.
 */
export const QA_VALIDATORS_DIR = 'src/generated/qa-validators';

/**
 * Per entity, the compiled validators of its QA forms that its console model does not bring, and an index of
 * loaders (`src/generated/qa-validators.ts`); entities with none get no module.
 */
export const qaValidatorFiles = (
  models: readonly EntityModel[],
  consoleModels: readonly EntityModel[],
  /** The comment every generated file opens with. */
  banner: string,
  /** The declaration file of a validators module. */
  validatorTypes: string,
): Map<string, string> => {
  const covered = new Set(formSchemas([...consoleModels]).map((schema) => hashForSchema(schema as object)));
  const byEntity = new Map<string, JSONSchema7[]>();
  for (const form of qaForms(models)) {
    if (covered.has(form.validatorKey)) continue;
    byEntity.set(form.entity, [...(byEntity.get(form.entity) ?? []), form.schema]);
  }
  const files = new Map<string, string>();
  const loaders: string[] = [];
  for (const [entity, schemas] of byEntity) {
    const path = `${QA_VALIDATORS_DIR}/${entity}`;
    files.set(`${path}.js`, `// ${banner}\n${compileValidators(schemas, '../../shared/validation-runtime.js')}`);
    files.set(`${path}.d.ts`, validatorTypes);
    loaders.push(`  ${JSON.stringify(entity)}: () => import('./qa-validators/${entity}.js'),`);
  }
  files.set(
    'src/generated/qa-validators.ts',
    `// ${banner}\nimport type { ValidateFunction } from 'ajv';\n\n` +
      `/** Per entity, the validators of the forms only the QA gallery renders, loaded when it shows them. */\n` +
      `export const qaValidators: Record<string, () => Promise<{ validators: Record<string, ValidateFunction> }>> = {\n` +
      `${loaders.join('\n')}\n};\n`,
  );
  return files;
};
