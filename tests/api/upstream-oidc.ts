/**
 * The generic OIDC connector's configuration for a Gatehouse tenant as the upstream provider: its issuer's
 * endpoints, the client the tenant registered, and ID tokens checked against the issuer's keys.
 */
export const upstreamOidcConfig = (issuer: string, client: { id: string; secret: string }, scope = 'profile') => ({
  clientId: client.id,
  clientSecret: client.secret,
  authorizationEndpoint: `${issuer}/auth`,
  tokenEndpoint: `${issuer}/token`,
  scope,
  tokenEndpointAuthMethod: 'client_secret_basic',
  idTokenVerificationConfig: { jwksUri: `${issuer}/jwks`, issuer },
});
