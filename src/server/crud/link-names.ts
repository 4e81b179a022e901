import type { LinkedRelation } from '../../shared/descriptor.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import type { Queryable } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { RequestContext } from './context.js';
import { idsByField } from './link-repository.js';
import type { Repository } from './repository.js';

/**
 * The ids an assignment names: those given, then (`assignByName`) the targets named by another unique field,
 * without repeats; a name no target has answers the side's `missingCode` with the missing names.
 */
export const namedIds = async (
  tx: Queryable,
  context: RequestContext,
  target: Repository,
  relation: LinkedRelation,
  ids: string[],
  body: unknown,
): Promise<string[]> => {
  const byName = relation.assignByName;
  const names = byName ? ((body as Record<string, string[]>)[byName.field] ?? []) : [];
  if (!byName || names.length === 0) return ids;
  const found = await idsByField(tx, target, context.tenantId, byName.targetField, names);
  const missing = names.filter((value) => !found.has(value));
  if (missing.length > 0) throw new ApiError(byName.missingCode as ErrorCode, { names: missing.join(', ') });
  return [...new Set([...ids, ...names.map((value) => found.get(value) as string)])];
};
