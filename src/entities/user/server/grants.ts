import type { ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { epochMs, findRecord, forgetGrantInSessions, revokeGrant } from './oidc-records.js';

const pick = (payload: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => payload[key] !== undefined).map((key) => [key, payload[key]]));

/** The user's OpenID grants (one per application the user signed in to), and their revocation. */
export const userGrantOverrides = {
  /** `GET /api/users/{userId}/grants`: the unexpired grants, optionally of first- or third-party apps only. */
  'user.list-grants': {
    kind: 'action',
    run: async ({ context, id, db, request, operations }) => {
      await operations.get(context, id);
      const { appType } = request.query as { appType?: 'firstParty' | 'thirdParty' };
      const { rows } = await db.withTenant(context.tenantId, (tx) =>
        tx.query<{ id: string; payload: Record<string, unknown>; expires_at: Date; app_id: string; app_name: string }>(
          `SELECT g.id, g.payload, g.expires_at, a.id AS app_id, a.name AS app_name
           FROM oidc_model_instances g
           JOIN applications a ON a.tenant_id = g.tenant_id AND a.id = g.payload->>'clientId'
           WHERE g.tenant_id = $1 AND g.model_name = 'Grant' AND g.payload->>'accountId' = $2 AND g.expires_at > now()
             AND ($3::boolean IS NULL OR a.is_third_party = $3)
           ORDER BY g.created_at`,
          [context.tenantId, id, appType === undefined ? null : appType === 'thirdParty'],
        ),
      );
      return {
        grants: rows.map((row) => ({
          id: row.id.slice('Grant:'.length),
          payload: pick(row.payload, ['exp', 'iat', 'jti', 'kind', 'clientId', 'accountId']),
          expiresAt: epochMs(row.expires_at),
          application: { id: row.app_id, name: row.app_name },
        })),
      };
    },
  },
  /**
   * `DELETE /api/users/{userId}/grants/{grantId}`: ends the grant, its tokens and codes, and the sessions'
   * authorizations that name it. A grant of another user, or none, is 404 `oidc.invalid_grant`; an expired one is
   * left as it is.
   */
  'user.revoke-grant': {
    kind: 'action',
    run: async ({ context, id, params, db, operations }) => {
      await operations.get(context, id);
      const grantId = params.grantId ?? '';
      await db.withTenant(context.tenantId, async (tx) => {
        const grant = await findRecord(tx, context.tenantId, 'Grant', grantId);
        if (!grant || grant.payload.accountId !== id) throw new ApiError('oidc.invalid_grant');
        if (epochMs(grant.expires_at) <= Date.now()) return;
        await revokeGrant(tx, context.tenantId, grantId);
        await forgetGrantInSessions(tx, context.tenantId, id, grantId);
      });
      return undefined;
    },
  },
} satisfies Record<string, ServerOverride>;
