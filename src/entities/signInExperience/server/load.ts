import type { SignInExperience } from '../../../generated/types.js';
import { Repository } from '../../../server/crud/repository.js';
import type { Database, Queryable } from '../../../server/db/database.js';
import { withDefaults } from '../../../shared/defaults.js';
import type { EntityModel } from '../../../shared/descriptor.js';

const hidden = new Set(['createdAt']);

const shown = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.has(key))) as unknown as SignInExperience;

/**
 * The tenant's sign-in experience as the Management API answers it, inside a transaction of the tenant: the stored
 * record (`model`: the sign-in experience's, from the catalog), or Logto's defaults when the tenant has never read or changed it (nothing is written).
 */
export const readSignInExperience = async (
  tx: Queryable,
  tenantId: string,
  model: EntityModel,
): Promise<SignInExperience> => {
  const { rows } = await tx.query('SELECT * FROM sign_in_experiences WHERE tenant_id = $1', [tenantId]);
  if (rows[0]) return shown(new Repository(model).fromRow(rows[0] as Record<string, unknown>));
  return shown({ ...withDefaults(model.schema, {}), tenantId, id: 'default' });
};

/** The tenant's sign-in experience, for the sign-in pages and other server code: one read in the tenant's own transaction. */
export const loadSignInExperience = (db: Database, tenantId: string, model: EntityModel): Promise<SignInExperience> =>
  db.withTenant(tenantId, (tx) => readSignInExperience(tx, tenantId, model));
