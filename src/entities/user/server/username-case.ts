import type { HookContext } from '../../../server/crud/overrides.js';
import type { Entity } from '../../../server/crud/repository.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';

/** SQL: whether the tenant's `usernamePolicy` says usernames differ only by more than letter case (`$1`: tenant). */
export const caseInsensitiveUsernames = `EXISTS (SELECT 1 FROM sign_in_experiences s
  WHERE s.tenant_id = $1 AND s.username_policy->>'caseSensitive' = 'false')`;

const isCaseInsensitive = async (db: Queryable, tenantId: string) => {
  const { rows } = await db.query<{ insensitive: boolean }>(`SELECT ${caseInsensitiveUsernames} AS insensitive`, [
    tenantId,
  ]);
  return rows[0]?.insensitive === true;
};

/**
 * Logto's case-insensitive usernames (`usernamePolicy.caseSensitive: false`): a new or changed username that differs
 * from another user's only by letter case is 422 `user.username_already_in_use`. The check holds a lock on the
 * lowercased name until the write commits, so two such names written at once cannot both pass.
 */
export const checkUsernameCase = async (values: Entity, { db, tenantId, stored }: HookContext): Promise<void> => {
  const { username } = values;
  if (typeof username !== 'string' || username === '' || stored?.username === username) return;
  if (!(await isCaseInsensitive(db, tenantId))) return;
  const lowered = username.toLowerCase();
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.username.${tenantId}.${lowered}`]);
  const { rows } = await db.query(
    'SELECT 1 FROM users WHERE tenant_id = $1 AND lower(username) = $2 AND id <> $3 LIMIT 1',
    [tenantId, lowered, String(stored?.id ?? values.id ?? '')],
  );
  if (rows.length > 0) throw new ApiError('user.username_already_in_use');
};
