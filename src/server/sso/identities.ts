import type { EntityModel } from '../../shared/descriptor.js';
import { generateId } from '../crud/ids.js';
import { Repository } from '../crud/repository.js';
import type { Queryable } from '../db/database.js';

/** Who an identity provider says the user is, and what it told about them. */
export interface SsoIdentity {
  ssoConnectorId: string;
  issuer: string;
  identityId: string;
  detail: Record<string, unknown>;
}

/** The provider's user is another account's already (a racing first sign-in took it first). */
export class SsoIdentityTaken extends Error {}

/** Writes about one provider user take turns (to the end of their transactions). */
export const lockSsoIdentity = (tx: Queryable, tenantId: string, issuer: string, identityId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`gatehouse.sso.${tenantId}.${issuer}.${identityId}`]);

/** The user who holds the provider's user. */
export const ssoIdentityHolder = async (tx: Queryable, tenantId: string, issuer: string, identityId: string) => {
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM user_sso_identities WHERE tenant_id = $1 AND issuer = $2 AND identity_id = $3',
    [tenantId, issuer, identityId],
  );
  return rows[0]?.user_id;
};

/**
 * Gives the user the identity (after its lock): replaces the user's identity at the same connector, refreshes its
 * details; `SsoIdentityTaken` when another user holds the provider's user.
 */
export const keepSsoIdentity = async (
  tx: Queryable,
  model: EntityModel,
  tenantId: string,
  userId: string,
  identity: SsoIdentity,
) => {
  await lockSsoIdentity(tx, tenantId, identity.issuer, identity.identityId);
  const holder = await ssoIdentityHolder(tx, tenantId, identity.issuer, identity.identityId);
  if (holder && holder !== userId) throw new SsoIdentityTaken();
  const identities = new Repository(model);
  const scope = { tenantId };
  const kept = await identities.findBy(tx, scope, { userId, ssoConnectorId: identity.ssoConnectorId });
  const values = { issuer: identity.issuer, identityId: identity.identityId, detail: identity.detail };
  if (kept) await identities.update(tx, scope, String(kept.id), { ...values, updatedAt: Date.now() });
  else
    await identities.insert(tx, tenantId, {
      id: generateId(),
      userId,
      ssoConnectorId: identity.ssoConnectorId,
      ...values,
    });
};

/** A user's SSO identity in Logto's shape (`ssoIdentities`). */
export interface UserSsoIdentity {
  tenantId: string;
  id: string;
  userId: string;
  issuer: string;
  identityId: string;
  detail: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  ssoConnectorId: string;
}

/** The SSO identities of the users, by user id, oldest first. */
export const ssoIdentitiesOf = async (tx: Queryable, tenantId: string, userIds: string[]) => {
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    issuer: string;
    identity_id: string;
    detail: Record<string, unknown>;
    created_at: Date;
    updated_at: Date;
    sso_connector_id: string;
  }>(
    `SELECT id, user_id, issuer, identity_id, detail, created_at, updated_at, sso_connector_id FROM user_sso_identities
     WHERE tenant_id = $1 AND user_id = ANY($2::text[]) ORDER BY created_at, id`,
    [tenantId, userIds],
  );
  const byUser = new Map<string, UserSsoIdentity[]>();
  for (const row of rows) {
    const identity = {
      tenantId,
      id: row.id,
      userId: row.user_id,
      issuer: row.issuer,
      identityId: row.identity_id,
      detail: row.detail,
      createdAt: new Date(row.created_at).getTime(),
      updatedAt: new Date(row.updated_at).getTime(),
      ssoConnectorId: row.sso_connector_id,
    };
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), identity]);
  }
  return byUser;
};
