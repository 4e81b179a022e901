import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/database.js';

/** What Logto's `Grant.LimitExceeded` webhook carries. */
export interface GrantLimitExceeded {
  userId: string;
  applicationId: string;
  revokedGrantIds: string[];
  maxAllowedGrants: number;
  preRevocationActiveGrantCount: number;
}

/** Told when grants were revoked to keep a user within an application's `maxAllowedGrants`. */
export type GrantLimitListener = (tenantId: string, event: GrantLimitExceeded) => void;

/**
 * Logto's `customClientMetadata.maxAllowedGrants`: after a user authorizes an application that sets it, the user's
 * active grants of that application beyond the limit are revoked, oldest first, with every token issued under
 * them, in one transaction; then `Grant.LimitExceeded` is announced. The session that just authorized keeps its
 * own (newest) grant.
 */
export const limitGrants = (
  provider: Provider,
  options: {
    db: Database;
    tenantId: string;
    limitOf: (ctx: KoaContextWithOIDC) => number | undefined;
    onExceeded?: GrantLimitListener | undefined;
    onError: (error: unknown) => void;
  },
) => {
  const { db, tenantId } = options;
  provider.on('authorization.success', (context) => {
    const ctx = context as KoaContextWithOIDC;
    const userId = ctx.oidc.session?.accountId;
    const applicationId = ctx.oidc.client?.clientId;
    const limit = options.limitOf(ctx);
    if (!userId || !applicationId || limit === undefined) return;
    const session = ctx.oidc.session as { grantIdFor?: (clientId: string) => string | undefined } | undefined;
    const current = session?.grantIdFor?.(applicationId) ?? '';
    revokeBeyond(db, tenantId, { userId, applicationId, current }, limit)
      .then((outcome) => {
        if (outcome.revoked.length === 0) return;
        options.onExceeded?.(tenantId, {
          userId,
          applicationId,
          revokedGrantIds: outcome.revoked,
          maxAllowedGrants: limit,
          preRevocationActiveGrantCount: outcome.active,
        });
      })
      .catch(options.onError);
  });
};

/**
 * Revokes the user's oldest active grants of the application beyond `limit`, never the one that was just authorized
 * (`current`); answers which, and how many were active.
 */
const revokeBeyond = (
  db: Database,
  tenantId: string,
  grant: { userId: string; applicationId: string; current: string },
  limit: number,
) =>
  db.withTenant(tenantId, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.grants.${tenantId}.${grant.userId}`]);
    // Oldest first: by when each grant was first stored (microseconds; a grant's `iat` has seconds only).
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM oidc_model_instances
       WHERE tenant_id = $1 AND model_name = 'Grant' AND payload->>'accountId' = $2 AND payload->>'clientId' = $3
         AND expires_at > now()
       ORDER BY id = $4, created_at, id`,
      [tenantId, grant.userId, grant.applicationId, grant.current],
    );
    const revoked = rows.slice(0, Math.max(0, rows.length - limit)).map(({ id }) => id);
    if (revoked.length > 0) {
      await tx.query(
        `DELETE FROM oidc_model_instances
         WHERE tenant_id = $1 AND (grant_id = ANY($2::varchar[]) OR (model_name = 'Grant' AND id = ANY($2::varchar[])))`,
        [tenantId, revoked],
      );
    }
    return { revoked, active: rows.length };
  });
