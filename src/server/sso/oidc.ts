import { ApiError } from '../http/api-error.js';
import type { SocialConfig } from '../social/config.js';
import type { SsoConnection } from './connectors.js';
import { lastPublishedDocument, publishedDocument } from './fetch.js';

/** What an OpenID provider's discovery document says, in Logto's `providerConfig` names. */
export interface OidcDiscovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint?: string | undefined;
  tokenEndpointAuthMethods: string[];
}

const parseObject = (body: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The connector's issuer: its own, else its provider's (Google Workspace's is Google's). */
export const oidcIssuerOf = (connection: Pick<SsoConnection, 'config' | 'meta'>) =>
  text(connection.config.issuer) ?? text(connection.meta.issuer) ?? '';

/**
 * The provider's discovery document (`{issuer}/.well-known/openid-configuration`), which must name the issuer it was
 * asked for and the endpoints the code flow needs (400 `connector.invalid_config` otherwise).
 */
export const discoverOidc = async (issuer: string): Promise<OidcDiscovery> =>
  discoveryOf(issuer, await publishedDocument(discoveryUrl(issuer)));

/** The last discovery read of the issuer, without waiting on it; undefined when none was read or it is not valid. */
export const lastDiscovery = (issuer: string): OidcDiscovery | undefined => {
  const document = lastPublishedDocument(discoveryUrl(issuer));
  try {
    return document === undefined ? undefined : discoveryOf(issuer, document);
  } catch {
    return undefined;
  }
};

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;

const discoveryOf = (issuer: string, document: string): OidcDiscovery => {
  const url = discoveryUrl(issuer);
  const body = parseObject(document);
  const found = {
    issuer: text(body.issuer),
    authorizationEndpoint: text(body.authorization_endpoint),
    tokenEndpoint: text(body.token_endpoint),
    jwksUri: text(body.jwks_uri),
  };
  const missing = Object.entries(found).filter(([, value]) => !value);
  if (missing.length > 0 || found.issuer?.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) {
    throw new ApiError('connector.invalid_config', {}, { reason: 'The discovery document is not the issuer’s.', url });
  }
  const methods = body.token_endpoint_auth_methods_supported;
  return {
    ...(found as Omit<OidcDiscovery, 'userinfoEndpoint' | 'tokenEndpointAuthMethods'>),
    userinfoEndpoint: text(body.userinfo_endpoint),
    tokenEndpointAuthMethods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === 'string') : [],
  };
};

/** Scopes always asked for, and the connector's own after them. */
const scopeOf = (scope: unknown) => {
  const scopes = new Set(['openid', 'profile', 'email']);
  for (const item of (text(scope) ?? '').split(/\s+/).filter(Boolean)) scopes.add(item);
  return [...scopes].join(' ');
};

/** The connector as the code flow's client (the same flow social OpenID Connect connectors use). */
export const oidcClientConfig = (connection: SsoConnection, discovery: OidcDiscovery): SocialConfig => ({
  clientId: text(connection.config.clientId) ?? '',
  clientSecret: text(connection.config.clientSecret) ?? '',
  authorizationEndpoint: discovery.authorizationEndpoint,
  tokenEndpoint: discovery.tokenEndpoint,
  scope: scopeOf(connection.config.scope),
  // The standard's default is HTTP basic; a provider that lists only the form post gets the form post.
  tokenEndpointAuthMethod:
    discovery.tokenEndpointAuthMethods.length > 0 && !discovery.tokenEndpointAuthMethods.includes('client_secret_basic')
      ? 'client_secret_post'
      : 'client_secret_basic',
  idTokenVerificationConfig: { jwksUri: discovery.jwksUri, issuer: discovery.issuer },
  trustUnverifiedEmail: connection.config.trustUnverifiedEmail === true,
});
