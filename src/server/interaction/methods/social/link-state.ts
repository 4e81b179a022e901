import { flowState } from '../../flow-state.js';
import type { PendingIdentity } from '../../registration/pending-identity.js';

/**
 * A new social identity whose verified email names an existing account, while the user decides (Logto's social
 * link page, where `automaticAccountLinking` is off): link it to that account, or make a new one. Kept server-side
 * with the interaction.
 */
export interface SocialLinkState {
  pending: PendingIdentity;
  /** The account the provider's verified email names. */
  relatedUserId: string;
}

const isState = (value: unknown): value is SocialLinkState => {
  const state = value as Partial<SocialLinkState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.relatedUserId === 'string' &&
    typeof state.pending === 'object' &&
    state.pending !== null &&
    typeof state.pending.method === 'string'
  );
};

const stored = flowState('socialLink', isState);

export const readSocialLink = stored.read;

/** Stores the decision under way; `undefined` ends it. */
export const saveSocialLink = stored.save;
