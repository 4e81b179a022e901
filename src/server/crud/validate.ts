import type { ValidateFunction } from 'ajv';
import { inputIssues } from '../../shared/branches.js';
import type { FormModel } from '../../shared/descriptor.js';
import type { InputIssue } from '../../shared/input-issue.js';
import { type CompiledValidator, issuePath, recordRuleIssues } from '../../shared/record-rules.js';
import { ApiError } from '../http/api-error.js';
import { isSearchParameter, searchRefusal } from './field-search.js';

export { issuePath };

/** PostgreSQL text cannot hold U+0000: such a value is bad input, not a server error. */
export const findNul = (value: unknown, path: string): string | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, path) ?? findNul(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
};

export const nulIssue = (path: string): InputIssue => ({
  path,
  keyword: 'nul',
  message: 'must not contain the NUL character',
  params: {},
});

export type Validators = Readonly<Record<string, ValidateFunction>>;

/** Request validation with the compiled validators of a catalog. */
export interface Validation {
  /**
   * Validates a request body with the precompiled validator the console's forms also use. Nothing is coerced or
   * stripped: a body the form would reject is rejected here with every issue listed.
   */
  assertValid(validatorKey: string | undefined, body: unknown, type?: string): void;
  /**
   * Checks the record a create or update would store against the entity's cross-field rules (`recordRules`): the
   * created record, or the stored row with the patch applied (`before`). Issues point into the record, which for
   * the fields a request sends is the same place as in its body.
   */
  assertRecordRules(
    form: FormModel | undefined,
    record: Record<string, unknown>,
    before?: Parameters<typeof recordRuleIssues>[2],
  ): void;
  /**
   * Validates a list route's query with its compiled validator (generated from the descriptor: filters, exclusions,
   * includes, search). A value given once for a repeatable parameter counts as a list of one, and an empty value as
   * no value; issues point at the parameter (`/isThirdParty`, `/types/1`).
   */
  assertValidQuery(form: FormModel | undefined, query: Record<string, unknown>): void;
}

export const createValidation = (validators: Validators): Validation => {
  const assertValid: Validation['assertValid'] = (validatorKey, body, type = 'body') => {
    const validate = validatorKey ? validators[validatorKey] : undefined;
    if (!validate) throw new Error(`No compiled validator ${validatorKey}; run npm run codegen`);
    if (validate(body)) {
      const nul = findNul(body, '');
      if (nul === undefined) return;
      throw new ApiError('guard.invalid_input', { type }, { issues: [nulIssue(nul)] });
    }
    throw new ApiError('guard.invalid_input', { type }, { issues: inputIssues(validate.errors) });
  };

  const assertRecordRules: Validation['assertRecordRules'] = (form, record, before) => {
    if (!form) return;
    const validate = validators[form.validatorKey] as CompiledValidator | undefined;
    if (!validate) throw new Error(`No compiled validator ${form.validatorKey}; run npm run codegen`);
    const issues = recordRuleIssues(validate, record, before);
    if (issues.length > 0) throw new ApiError('guard.invalid_input', { type: 'body' }, { issues });
  };

  const assertValidQuery: Validation['assertValidQuery'] = (form, query) => {
    if (!form) throw new Error('No compiled query validator; run npm run codegen');
    const properties = form.schema.properties ?? {};
    const wrapped = new Set<string>();
    const normalized: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value.filter((item) => item !== '') : value;
      if (values === '' || (Array.isArray(values) && values.length === 0)) continue;
      if (properties[name]?.type === 'array' && !Array.isArray(values)) {
        wrapped.add(name);
        normalized[name] = [values];
      } else normalized[name] = values;
    }
    try {
      assertValid(form.validatorKey, normalized, 'query');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A parameter given more than once where one value is expected: its type is the issue, not its values.
      const { issues: all } = error.data as { issues: InputIssue[] };
      const mistyped = new Set(all.filter((issue) => issue.keyword === 'type').map((issue) => issue.path));
      const issues = all.filter((issue) => issue.keyword === 'type' || !mistyped.has(issue.path));
      const unwrap = (path: string) => {
        const [, name, index, ...rest] = path.split('/');
        return name !== undefined && wrapped.has(name) && index === '0' ? ['', name, ...rest].join('/') : path;
      };
      const found = issues.map((issue) => ({ ...issue, path: unwrap(issue.path) }));
      // Logto reads the search parameters itself and answers what it cannot read as `request.invalid_input`.
      if (found.every((issue) => isSearchParameter(issue.path))) throw searchRefusal(found);
      throw new ApiError('guard.invalid_input', { type: 'query' }, { issues: found });
    }
  };

  return { assertValid, assertRecordRules, assertValidQuery };
};
