import type { TokenSet } from '../../../secrets/vault.js';
import { flowState } from '../../flow-state.js';

/** The user as the identity provider describes them, once its answer was verified. */
export interface SsoProfile {
  /** The provider: its OpenID issuer or its SAML entity ID. */
  issuer: string;
  id: string;
  email?: string | undefined;
  /** Whether the provider vouches for the email (SAML assertions do; OpenID Connect says so in `email_verified`). */
  emailVerified: boolean;
  name?: string | undefined;
  avatar?: string | undefined;
  details: Record<string, unknown>;
  /** What an OpenID provider's token endpoint answered (never kept with the interaction). */
  tokens?: TokenSet | undefined;
}

/**
 * A single sign-on under way, kept server-side in the oidc-provider interaction: the connector, the `state` sent to
 * the provider (`{uid}.{random}`, checked when the user comes back, once), and per protocol the OpenID Connect nonce
 * and PKCE verifier, or the SAML request's ID and, once the assertion consumer service verified the response, the
 * profile it named.
 */
export interface SsoState {
  connectorId: string;
  state: string;
  nonce?: string | undefined;
  verifier?: string | undefined;
  requestId?: string | undefined;
  profile?: SsoProfile | undefined;
}

export const isSsoState = (value: unknown): value is SsoState => {
  const state = value as Partial<SsoState> | undefined;
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.connectorId === 'string' &&
    typeof state.state === 'string'
  );
};

export const SSO_STATE_KEY = 'sso';
const stored = flowState(SSO_STATE_KEY, isSsoState);

export const readSsoState = stored.read;

/** Stores the state with the interaction; `undefined` ends the flow. */
export const saveSsoState = stored.save;
