import { IdentityTaken } from '../../../../entities/user/server/account/social-identities.js';
import type { CreateSteps } from '../../../crud/contracts.js';
import { ApiError } from '../../../http/api-error.js';
import { keepTokenSet, type SealedTokenSet, type TokenSetOwner } from '../../../secrets/token-sets.js';
import type { SocialProfile } from '../../../social/profile.js';
import type { PendingIdentity } from '../../registration/pending-identity.js';
import type { MethodTools } from '../method.js';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * A new social identity waiting for its account: the connector and its target, the platform user, what it told,
 * and the provider's tokens already sealed for the vault where the connector stores them.
 */
export const socialPending = (
  connector: { id: string; target: string },
  profile: SocialProfile,
  tokenSet: SealedTokenSet | undefined,
): PendingIdentity => ({
  method: 'social',
  email: profile.emailVerified ? profile.email : undefined,
  data: {
    connectorId: connector.id,
    target: connector.target,
    userId: profile.id,
    details: profile.details,
    name: profile.name,
    avatar: profile.avatar,
    ...(tokenSet ? { tokenSet } : {}),
  },
});

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
  const { data } = pending;
  const target = text(data.target) ?? '';
  const identity = { userId: text(data.userId) ?? '', details: record(data.details) ?? {} };
  const profile = { name: text(data.name), avatar: text(data.avatar) };
  const steps = tools.users.identities.newAccountSteps(tenantId, target, identity, profile);
  const tokenSet = record(data.tokenSet) as SealedTokenSet | undefined;
  return {
    first: async (tx) => {
      await steps.first?.(tx).catch((error: unknown) => {
        throw error instanceof IdentityTaken ? new ApiError('user.identity_already_in_use') : error;
      });
    },
    after: async (tx, created, open) => {
      await steps.after?.(tx, created, open);
      if (!tokenSet) return;
      const owner: TokenSetOwner = {
        kind: 'social',
        connectorId: text(data.connectorId) ?? '',
        target,
        identityId: identity.userId,
      };
      await keepTokenSet(tx, tools.modelOf('secret'), tenantId, String(created.id), owner, tokenSet);
    },
  };
};
