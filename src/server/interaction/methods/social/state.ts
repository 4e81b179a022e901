import { flowState } from '../../flow-state.js';

/**
 * A social sign-in under way, kept server-side in the oidc-provider interaction (its `result`, never sent to the
 * browser): the connector, the `state` sent to the provider (checked when the user comes back), the OpenID Connect
 * nonce and the PKCE verifier. Read once: the callback clears it, so a replayed callback finds nothing.
 */
export interface SocialState {
  connectorId: string;
  state: string;
  nonce: string;
  verifier: string;
}

const isState = (value: unknown): value is SocialState => {
  const state = value as Partial<SocialState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.connectorId === 'string' &&
    typeof state.state === 'string' &&
    typeof state.nonce === 'string' &&
    typeof state.verifier === 'string'
  );
};

const stored = flowState('social', isState);

export const readSocialState = stored.read;

/** Stores the state with the interaction; `undefined` ends the flow. */
export const saveSocialState = stored.save;
