import type { ErrorObject } from 'ajv';
import { validators } from '../../generated/validators.js';
import type { InputIssue } from '../../shared/error-codes.js';
import { ApiError } from '../http/api-error.js';

/** JSON pointer of the value an ajv error is about (for `required`, the missing property itself). */
export const issuePath = (error: ErrorObject): string => {
  const { params } = error as ErrorObject & { params: Record<string, unknown> };
  if (error.keyword === 'required') return `${error.instancePath}/${String(params.missingProperty)}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${String(params.additionalProperty)}`;
  return error.instancePath;
};

/**
 * Validates a request body with the precompiled validator the console's forms also use. Nothing is coerced or
 * stripped: a body the form would reject is rejected here with every issue listed.
 */
export const assertValid = (validatorKey: string | undefined, body: unknown, type = 'body'): void => {
  const validate = validatorKey ? validators[validatorKey] : undefined;
  if (!validate) throw new Error(`No compiled validator ${validatorKey}; run npm run codegen`);
  if (validate(body)) {
    const nul = findNul(body, '');
    if (nul === undefined) return;
    throw new ApiError('guard.invalid_input', { type }, { issues: [nulIssue(nul)] });
  }
  const issues: InputIssue[] = (validate.errors ?? []).map((error) => ({
    path: issuePath(error),
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    params: error.params as Record<string, unknown>,
  }));
  throw new ApiError('guard.invalid_input', { type }, { issues });
};

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

/**
 * List query parameters: a filter on an enumerated field names one of its values, and a parameter that takes one
 * value is not repeated (it would otherwise be dropped, and the list come back unfiltered).
 */
export const assertValidQuery = (
  query: Record<string, unknown>,
  { enums, single }: { enums: Record<string, unknown[] | undefined>; single: string[] },
) => {
  const issues: InputIssue[] = [];
  for (const name of single) {
    if (Array.isArray(query[name])) {
      issues.push({ path: `/${name}`, keyword: 'type', message: 'must be string', params: { type: 'string' } });
    }
  }
  for (const [name, given] of Object.entries(query)) {
    const allowed = enums[name];
    if (!allowed) continue;
    const values = Array.isArray(given) ? given : [given];
    for (const [index, value] of values.entries()) {
      if (typeof value === 'string' && value !== '' && !allowed.includes(value)) {
        issues.push({
          path: Array.isArray(given) ? `/${name}/${index}` : `/${name}`,
          keyword: 'enum',
          message: 'must be equal to one of the allowed values',
          params: { allowedValues: allowed },
        });
      }
    }
  }
  if (issues.length) throw new ApiError('guard.invalid_input', { type: 'query' }, { issues });
};
