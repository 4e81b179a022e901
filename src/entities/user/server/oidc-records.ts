import type { Queryable } from '../../../server/db/database.js';

/**
 * A user's records of the OpenID provider (sessions, grants and the tokens of a grant), read and changed where the
 * provider's adapter stores them: `oidc_model_instances`, rows `<model>:<id>` of the tenant.
 */

/** The models whose records belong to a grant and end with it. */
const GRANT_MODELS = [
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
];

export interface StoredRecord {
  payload: Record<string, unknown>;
  expires_at: Date;
}

export const epochMs = (date: Date) => new Date(date).getTime();

/** A record of a model by its id, expired or not. */
export const findRecord = async (tx: Queryable, tenantId: string, model: string, id: string) => {
  const { rows } = await tx.query<StoredRecord>(
    'SELECT payload, expires_at FROM oidc_model_instances WHERE tenant_id = $1 AND id = $2',
    [tenantId, `${model}:${id}`],
  );
  return rows[0];
};

/** The user's unexpired sessions, or the one with this uid. */
export const findSessions = async (tx: Queryable, tenantId: string, userId: string, uid?: string) => {
  const { rows } = await tx.query<StoredRecord>(
    `SELECT payload, expires_at FROM oidc_model_instances
     WHERE tenant_id = $1 AND model_name = 'Session' AND payload->>'accountId' = $2 AND expires_at > now()
       AND ($3::text IS NULL OR uid = $3)
     ORDER BY created_at`,
    [tenantId, userId, uid ?? null],
  );
  return rows;
};

/** A session by its uid, whoever it belongs to (unexpired). */
export const findSessionByUid = async (tx: Queryable, tenantId: string, uid: string) => {
  const { rows } = await tx.query<StoredRecord>(
    `SELECT payload, expires_at FROM oidc_model_instances
     WHERE tenant_id = $1 AND model_name = 'Session' AND uid = $2 AND expires_at > now()`,
    [tenantId, uid],
  );
  return rows[0];
};

/** Ends a grant: its tokens and codes, then the grant itself. */
export const revokeGrant = async (tx: Queryable, tenantId: string, grantId: string) => {
  await tx.query(
    `DELETE FROM oidc_model_instances
     WHERE tenant_id = $1 AND ((grant_id = $2 AND model_name = ANY($3::varchar[])) OR id = $4)`,
    [tenantId, grantId, GRANT_MODELS, `Grant:${grantId}`],
  );
};

/** Removes the authorizations of a revoked grant from the user's sessions (an app's sign-in ends with its grant). */
export const forgetGrantInSessions = async (tx: Queryable, tenantId: string, userId: string, grantId: string) => {
  await tx.query(
    `UPDATE oidc_model_instances SET payload = jsonb_set(payload, '{authorizations}', (
       SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(payload->'authorizations')
       WHERE value->>'grantId' IS DISTINCT FROM $3))
     WHERE tenant_id = $1 AND model_name = 'Session' AND payload->>'accountId' = $2
       AND jsonb_typeof(payload->'authorizations') = 'object'
       AND EXISTS (SELECT 1 FROM jsonb_each(payload->'authorizations') a WHERE a.value->>'grantId' = $3)`,
    [tenantId, userId, grantId],
  );
};

/** Deletes a session record by its uid. */
export const deleteSession = async (tx: Queryable, tenantId: string, uid: string) => {
  await tx.query(`DELETE FROM oidc_model_instances WHERE tenant_id = $1 AND model_name = 'Session' AND uid = $2`, [
    tenantId,
    uid,
  ]);
};
