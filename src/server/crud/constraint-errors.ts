import type { EntityModel } from '../../shared/descriptor.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import { pgConstraint, pgErrorCode, pgErrorCodes } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { columnOf } from './columns.js';
import type { Entity } from './repository.js';

/**
 * Turns a unique or foreign-key violation into the API error its descriptor names (the unique rule's code, with the
 * field it belongs to); any other error is returned unchanged.
 */
export const translateConstraintError = (model: EntityModel, error: unknown, values: Entity): unknown => {
  const code = pgErrorCode(error);
  if (code === pgErrorCodes.uniqueViolation) {
    const constraint = pgConstraint(error);
    const rule = model.unique.find(
      (u) => constraint === `${model.table}__${u.fields.map((field) => columnOf(model, field)).join('__')}__key`,
    );
    if (rule) {
      const params = Object.fromEntries(rule.fields.map((field) => [field, values[field]]));
      const field = model.errorFields[rule.code];
      return new ApiError(rule.code as ErrorCode, params, field ? { field } : undefined);
    }
    return new ApiError('entity.unique_integrity_violation');
  }
  if (code === pgErrorCodes.foreignKeyViolation) return new ApiError('entity.relation_foreign_key_not_found');
  return error;
};
