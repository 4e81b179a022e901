import { createSchemaUtils, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import type { FormModel } from '../../shared/descriptor';
import { formValidators } from './validator-table';

const cache = new Map<string, ValidatorType>();

export { addValidators } from './validator-table';

/**
 * The precompiled validator of a form (no runtime code generation, so no `unsafe-eval`). It must receive the very
 * schema object it was compiled from, so forms always pass `form.schema` unchanged.
 */
export const validatorFor = (form: FormModel): ValidatorType => {
  let validator = cache.get(form.validatorKey);
  if (!validator) {
    validator = createPrecompiledValidator(formValidators as unknown as ValidatorFunctions, form.schema as RJSFSchema);
    cache.set(form.validatorKey, validator);
  }
  return validator;
};

/** The form's starting data: the record's values for the form's fields, with schema defaults filled in. */
export const initialFormData = (
  form: FormModel,
  record: Record<string, unknown> | undefined,
): Record<string, unknown> => {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(form.schema.properties ?? {})) {
    if (record && record[name] !== undefined) picked[name] = structuredClone(record[name]);
  }
  const utils = createSchemaUtils(validatorFor(form), form.schema as RJSFSchema);
  return (utils.getDefaultFormState(form.schema as RJSFSchema, picked) ?? {}) as Record<string, unknown>;
};
