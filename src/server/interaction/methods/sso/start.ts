import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../../http/api-error.js';
import { authorizationUri } from '../../../social/authorization.js';
import type { SsoConnection } from '../../../sso/connectors.js';
import { discoverOidc, oidcClientConfig, oidcIssuerOf } from '../../../sso/oidc.js';
import { resolveSamlIdp, samlLoginRequest, samlServiceProvider } from '../../../sso/saml.js';
import type { Interaction } from '../../context.js';
import { saveSsoState } from './state.js';

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The tenant's base URL (`{origin}` or `{origin}/t/{tenant}`), where its fixed SSO URLs are. */
export const tenantBaseOf = (interaction: Interaction) => interaction.oidc.issuer.replace(/\/oidc$/, '');

/** Where an OpenID provider sends the user back: one fixed URL per connector, the one registered at the provider. */
export const ssoRedirectUri = (interaction: Interaction, connectorId: string) =>
  `${tenantBaseOf(interaction)}/callback/sso/${encodeURIComponent(connectorId)}`;

/**
 * Sends the user to the connector's identity provider: an OpenID Connect authorization request (state, nonce, PKCE,
 * the email as `login_hint`) or a SAML AuthnRequest (its ID kept to match the response; the state as RelayState).
 * The flow's state stays with the interaction. Undefined when the provider cannot be reached or described.
 */
export const startSso = async (
  interaction: Interaction,
  reply: FastifyReply,
  connection: SsoConnection,
  email: string | undefined,
) => {
  const state = `${interaction.details.uid}.${random(24)}`;
  try {
    if (connection.providerType === 'oidc') {
      const discovery = await discoverOidc(oidcIssuerOf(connection));
      const config = oidcClientConfig(connection, discovery);
      const saved = { connectorId: connection.id, state, nonce: random(24), verifier: random(32) };
      const url = authorizationUri(
        'oidc',
        { ...config, authRequestOptionalConfig: email ? { loginHint: email } : {} },
        {
          state,
          nonce: saved.nonce,
          redirectUri: ssoRedirectUri(interaction, connection.id),
          codeChallenge: createHash('sha256').update(saved.verifier).digest('base64url'),
        },
      );
      await saveSsoState(interaction, saved);
      return reply.header('Cache-Control', 'no-store').redirect(url, 303);
    }
    const idp = await resolveSamlIdp(connection.config);
    const sp = samlServiceProvider(tenantBaseOf(interaction), connection.id);
    const { requestId, url } = samlLoginRequest(idp, sp, state);
    await saveSsoState(interaction, { connectorId: connection.id, state, requestId });
    return reply.header('Cache-Control', 'no-store').redirect(url, 303);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
};
