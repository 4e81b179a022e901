import type { Database } from '../../../../server/db/database.js';

/**
 * Ends everything the OpenID provider keeps for a user of a tenant: sessions, grants, authorization codes, access
 * and refresh tokens (every model instance whose payload names the account). A refresh token of the user is then
 * unknown to the provider.
 */
export const endUserSessions = async (db: Database, tenantId: string, userId: string): Promise<void> => {
  await db.withTenant(tenantId, (tx) =>
    tx.query(`DELETE FROM oidc_model_instances WHERE tenant_id = $1 AND payload->>'accountId' = $2`, [
      tenantId,
      userId,
    ]),
  );
};
