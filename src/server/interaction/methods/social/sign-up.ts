import { IdentityTaken } from '../../../../entities/user/server/account/social-identities.js';
import type { CreateSteps } from '../../../crud/contracts.js';
import { ApiError } from '../../../http/api-error.js';
import type { SocialProfile } from '../../../social/profile.js';
import type { PendingIdentity } from '../../registration/pending-identity.js';
import type { MethodTools } from '../method.js';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A new social identity waiting for its account: the connector's target, the platform user, what it told. */
export const socialPending = (target: string, profile: SocialProfile): PendingIdentity => ({
  method: 'social',
  email: profile.emailVerified ? profile.email : undefined,
  data: { target, userId: profile.id, details: profile.details, name: profile.name, avatar: profile.avatar },
});

/**
 * The steps that make a new account the identity's in its creating transaction (its name and avatar from the
 * provider), refused with `user.identity_already_in_use` when a racing first sign-in linked it to another account.
 */
export const socialAccountSteps = (
  tools: Pick<MethodTools, 'users'>,
  tenantId: string,
  pending: PendingIdentity,
): CreateSteps => {
  const { data } = pending;
  const details = data.details && typeof data.details === 'object' ? (data.details as Record<string, unknown>) : {};
  const identity = { userId: text(data.userId) ?? '', details };
  const profile = { name: text(data.name), avatar: text(data.avatar) };
  const steps = tools.users.identities.newAccountSteps(tenantId, text(data.target) ?? '', identity, profile);
  return {
    ...steps,
    first: async (tx) => {
      await steps.first?.(tx).catch((error: unknown) => {
        throw error instanceof IdentityTaken ? new ApiError('user.identity_already_in_use') : error;
      });
    },
  };
};
