import type { ErrorObject } from 'ajv';
import type { FormModel } from './form-model.js';
import type { InputIssue } from './input-issue.js';
import type { JSONSchema7 } from './json-schema.js';
import { type CompiledValidator, issuePath } from './record-rules.js';

/**
 * A polymorphic field (`oneOf` with a discriminator): the property that chooses the branch, and each branch's schema
 * with its own compiled validator, by the discriminator's value.
 */
export interface DiscriminatedField {
  propertyName: string;
  /** The discriminator is a sibling of the field (`connectorId` beside `config`), not a property of its value. */
  chosenBy?: true;
  /** Each branch's schema and validator, and for a field chosen by a sibling the branch's `x-meta`. */
  branches: Record<string, FormModel & { meta?: Record<string, unknown> }>;
}

type Params = Record<string, unknown>;

/**
 * ajv reports a discriminator it cannot map as one error on the polymorphic object ("value of tag must be in
 * oneOf"). This restates it at the discriminator property itself: missing (`required`), or not one of the branches'
 * values (`enum`, naming them). It needs the error's parent schema (the form library's ajv options are verbose).
 */
export const explainDiscriminator = (error: ErrorObject): ErrorObject => {
  if (error.keyword !== 'discriminator') return error;
  const { tag, tagValue } = error.params as Params;
  const tagName = String(tag);
  if (tagValue === undefined) {
    return {
      ...error,
      keyword: 'required',
      message: `must have required property '${tagName}'`,
      params: { missingProperty: tagName },
    };
  }
  const options = ((error.parentSchema as JSONSchema7 | undefined)?.oneOf ?? []) as JSONSchema7[];
  const allowedValues = options.map((option) => option.properties?.[tagName]?.const);
  return {
    ...error,
    instancePath: `${error.instancePath}/${tagName.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    keyword: 'enum',
    message: `must be one of: ${allowedValues.map(String).join(', ')}`,
    params: { allowedValues },
  };
};

/** ajv errors as input issues (JSON pointers), with discriminator errors restated at the discriminator. */
export const inputIssues = (errors: ErrorObject[] | null | undefined, prefix = ''): InputIssue[] =>
  (errors ?? []).map(explainDiscriminator).map((error) => ({
    path: `${prefix}${issuePath(error)}`,
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    params: error.params as Params,
  }));

/**
 * Checks one polymorphic value against the branch its discriminator chooses, with that branch's own validator.
 * Issues point into the entity (`/config/clientId`); an unknown or missing discriminator is one issue at the
 * discriminator naming the values there are.
 */
export const branchIssues = (
  field: string,
  model: DiscriminatedField,
  value: unknown,
  validators: Record<string, CompiledValidator>,
): InputIssue[] => {
  const at = `/${field}`;
  const { propertyName } = model;
  const allowedValues = Object.keys(model.branches);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return [{ path: at, keyword: 'type', message: 'must be object', params: { type: 'object' } }];
  }
  const chosen = (value as Params)[propertyName];
  if (chosen === undefined) {
    return [
      {
        path: `${at}/${propertyName}`,
        keyword: 'required',
        message: `must have required property '${propertyName}'`,
        params: { missingProperty: propertyName },
      },
    ];
  }
  const branch =
    typeof chosen === 'string' && Object.hasOwn(model.branches, chosen) ? model.branches[chosen] : undefined;
  if (!branch) {
    return [
      {
        path: `${at}/${propertyName}`,
        keyword: 'enum',
        message: `must be one of: ${allowedValues.join(', ')}`,
        params: { allowedValues },
      },
    ];
  }
  const validate = validators[branch.validatorKey];
  if (!validate) throw new Error(`No compiled validator ${branch.validatorKey}; run npm run codegen`);
  return validate(value) ? [] : inputIssues(validate.errors, at);
};
