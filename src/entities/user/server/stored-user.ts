import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';

/**
 * The user an item action is about, as stored (private fields included), in a transaction of the caller's tenant.
 * A missing user is Logto's `404 entity.not_found`. With `lock`, the row stays locked until the transaction ends,
 * so a read-modify-write of one of its JSON fields (identities, MFA verifications) loses no concurrent change.
 */
export const findUser = async (
  tx: Queryable,
  context: RequestContext,
  operations: EntityOperations,
  id: string,
  lock = false,
): Promise<Entity> => {
  const user = await operations.repository.find(tx, { tenantId: context.tenantId }, id, lock);
  if (!user) throw new ApiError('entity.not_found');
  return user;
};

/** Reads the user in one transaction of the caller's tenant (404 `entity.not_found` when absent). */
export const readUser = (context: RequestContext, operations: EntityOperations, id: string): Promise<Entity> =>
  operations.tx(context, (tx) => findUser(tx, context, operations, id));

/**
 * Changes the user in one transaction: `change` reads the locked row and returns the values to store (or throws
 * an `ApiError`, and nothing is written) together with what the action answers.
 */
export const changeUser = <T>(
  context: RequestContext,
  operations: EntityOperations,
  id: string,
  change: (user: Entity, tx: Queryable) => Promise<{ values: Entity; answer: (updated: Entity) => T }>,
): Promise<T> =>
  operations.tx(context, async (tx) => {
    const user = await findUser(tx, context, operations, id, true);
    const { values, answer } = await change(user, tx);
    const updated = await operations.repository.update(tx, { tenantId: context.tenantId }, id, values);
    if (!updated) throw new ApiError('entity.not_found');
    return answer(updated);
  });

/** A JSON object field of a stored user (`identities`), empty when unset. */
export const objectField = (user: Entity, field: string): Record<string, unknown> => {
  const value = user[field];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};
