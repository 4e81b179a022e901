import type { EntityModel } from '../../shared/descriptor.js';
import { generateId } from '../crud/ids.js';
import { type Entity, Repository } from '../crud/repository.js';
import type { Queryable } from '../db/database.js';
import type { SealedSecret, TokenSetMetadata } from './vault.js';

/** A sealed token set and what may be told of it (`SecretVault.sealTokenSet`). */
export interface SealedTokenSet {
  sealed: SealedSecret;
  metadata: TokenSetMetadata;
}

/** Where a token set came from: a social identity (its connector and target) or an SSO identity (its issuer). */
export type TokenSetOwner =
  | { kind: 'social'; connectorId: string; target: string; identityId: string }
  | { kind: 'sso'; ssoConnectorId: string; issuer: string; identityId: string };

const keyOf = (owner: TokenSetOwner) => (owner.kind === 'social' ? { target: owner.target } : { issuer: owner.issuer });

/**
 * Keeps the user's token set from a provider, replacing the one kept before for the same social target or SSO
 * issuer (one per identity, as Logto keeps them), in the caller's transaction.
 */
export const keepTokenSet = async (
  tx: Queryable,
  model: EntityModel,
  tenantId: string,
  userId: string,
  owner: TokenSetOwner,
  { sealed, metadata }: SealedTokenSet,
) => {
  const secrets = new Repository(model);
  const scope = { tenantId };
  const kept = await secrets.findBy(tx, scope, { userId, ...keyOf(owner) });
  if (kept) await secrets.delete(tx, scope, String(kept.id));
  const { kind: _kind, ...relation } = owner;
  await secrets.insert(tx, tenantId, {
    id: generateId(),
    userId,
    type: 'federated_token_set',
    ...sealed,
    metadata: { ...metadata },
    ...relation,
  });
};

/** Drops the user's token set of the social target or SSO connector (its identity went), in the caller's transaction. */
export const dropTokenSet = async (
  tx: Queryable,
  model: EntityModel,
  tenantId: string,
  userId: string,
  key: { target: string } | { ssoConnectorId: string },
) => {
  const secrets = new Repository(model);
  const kept = await secrets.findBy(tx, { tenantId }, { userId, ...key });
  if (kept) await secrets.delete(tx, { tenantId }, String(kept.id));
};

/** A kept token set as the API may show it (Logto's desensitized secret): never its encrypted parts. */
const desensitized = (secret: Entity, owner: TokenSetOwner['kind']) => {
  const { encryptedDek: _d, iv: _i, authTag: _a, ciphertext: _c, ...rest } = secret;
  const { connectorId, target, ssoConnectorId, issuer, ...common } = rest;
  return owner === 'social' ? { ...common, connectorId, target } : { ...common, ssoConnectorId, issuer };
};

/** Which kept token set: a social identity's (by target) or an SSO identity's (by connector). */
export type TokenSetKey = { target: string } | { ssoConnectorId: string };

/** The user's token set of the social target or the SSO connector, desensitized; undefined when none is kept. */
export const tokenSecretOf = async (
  tx: Queryable,
  model: EntityModel,
  tenantId: string,
  userId: string,
  key: TokenSetKey,
) => {
  const found = await new Repository(model).findBy(tx, { tenantId }, { userId, type: 'federated_token_set', ...key });
  return found ? desensitized(found, 'target' in key ? 'social' : 'sso') : undefined;
};

/** Every token set kept for the user, desensitized: the social ones by target, the SSO ones by connector. */
export const tokenSecretsOf = async (tx: Queryable, model: EntityModel, tenantId: string, userId: string) => {
  const kept = await new Repository(model).listByColumn(tx, tenantId, 'user_id', [userId]);
  const social = new Map<string, ReturnType<typeof desensitized>>();
  const sso = new Map<string, ReturnType<typeof desensitized>>();
  for (const secret of kept) {
    if (typeof secret.target === 'string') social.set(secret.target, desensitized(secret, 'social'));
    if (typeof secret.ssoConnectorId === 'string') sso.set(secret.ssoConnectorId, desensitized(secret, 'sso'));
  }
  return { social, sso };
};
