import { IdentityTaken, type SocialIdentity } from '../../../../entities/user/server/account/social-identities.js';
import type { CreateSteps } from '../../../crud/contracts.js';
import { ApiError } from '../../../http/api-error.js';
import { keepTokenSet, type SealedTokenSet, type TokenSetOwner } from '../../../secrets/token-sets.js';
import type { SocialProfile } from '../../../social/profile.js';
import type { PendingIdentity } from '../../registration/pending-identity.js';
import type { MethodTools } from '../method.js';

/** A new social identity as its method keeps it while it waits for an account. */
export interface PendingSocial {
  target: string;
  identity: SocialIdentity;
  /** The name and avatar the provider told. */
  profile: { name?: string | undefined; avatar?: string | undefined };
  /** Where its tokens came from, and the tokens sealed for the vault where the connector stores them. */
  owner: Extract<TokenSetOwner, { kind: 'social' }>;
  tokenSet?: SealedTokenSet | undefined;
}

/**
 * A new social identity waiting for its account: the connector and its target, the platform user, what it told,
 * and the provider's tokens already sealed for the vault where the connector stores them.
 */
export const socialPending = (
  connector: { id: string; target: string },
  profile: SocialProfile,
  tokenSet: SealedTokenSet | undefined,
): PendingIdentity => {
  const data: PendingSocial = {
    target: connector.target,
    identity: { userId: profile.id, details: profile.details },
    profile: { name: profile.name, avatar: profile.avatar },
    owner: { kind: 'social', connectorId: connector.id, target: connector.target, identityId: profile.id },
    tokenSet,
  };
  return {
    method: 'social',
    email: profile.emailVerified ? profile.email : undefined,
    data: data as unknown as Record<string, unknown>,
  };
};

/** The social identity a pending identity holds (the interaction's own state, written by `socialPending`). */
export const pendingSocialOf = (pending: PendingIdentity) => pending.data as unknown as PendingSocial;

/**
 * The steps that make a new account the identity's in its creating transaction (its name and avatar from the
 * provider, its tokens kept), refused with `user.identity_already_in_use` when a racing first sign-in linked it to
 * another account.
 */
export const socialAccountSteps = (
  tools: Pick<MethodTools, 'users' | 'modelOf'>,
  tenantId: string,
  pending: PendingIdentity,
): CreateSteps => {
  const { target, identity, profile, owner, tokenSet } = pendingSocialOf(pending);
  const steps = tools.users.identities.newAccountSteps(tenantId, target, identity, profile);
  return {
    first: async (tx) => {
      await steps.first?.(tx).catch((error: unknown) => {
        throw error instanceof IdentityTaken ? new ApiError('user.identity_already_in_use') : error;
      });
    },
    after: async (tx, created, open) => {
      await steps.after?.(tx, created, open);
      if (tokenSet) await keepTokenSet(tx, tools.modelOf('secret'), tenantId, String(created.id), owner, tokenSet);
    },
  };
};
