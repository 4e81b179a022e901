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
  if (validate(body)) return;
  const issues: InputIssue[] = (validate.errors ?? []).map((error) => ({
    path: issuePath(error),
    keyword: error.keyword,
    message: error.message ?? 'is invalid',
    params: error.params as Record<string, unknown>,
  }));
  throw new ApiError('guard.invalid_input', { type }, { issues });
};
