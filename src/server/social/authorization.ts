import type { SocialConfig, SocialProtocol } from './config.js';

/** Logto's optional authorization parameters, by their config names. */
const optionalParameters: Record<string, string> = {
  responseMode: 'response_mode',
  display: 'display',
  prompt: 'prompt',
  maxAge: 'max_age',
  uiLocales: 'ui_locales',
  loginHint: 'login_hint',
  acrValues: 'acr_values',
};

/** The scope of an OpenID Connect request always holds `openid`. */
const oidcScope = (scope: string | undefined) => {
  const scopes = (scope ?? '').split(/[ +]/).filter(Boolean);
  return (scopes.includes('openid') ? scopes : ['openid', ...scopes]).join(' ');
};

/**
 * The provider's authorization URL for the code flow: the client, where to come back, the CSRF `state`, and where
 * the sign-in pages ask for them, an OpenID Connect `nonce` and a PKCE challenge (S256); the configuration's optional
 * and custom parameters after them.
 */
export const authorizationUri = (
  protocol: SocialProtocol,
  config: SocialConfig,
  request: { state: string; redirectUri: string; nonce?: string | undefined; codeChallenge?: string | undefined },
) => {
  const url = new URL(config.authorizationEndpoint);
  const { searchParams } = url;
  searchParams.set('response_type', 'code');
  searchParams.set('client_id', config.clientId);
  searchParams.set('redirect_uri', request.redirectUri);
  searchParams.set('state', request.state);
  const scope = protocol === 'oidc' ? oidcScope(config.scope) : (config.scope ?? '');
  if (scope) searchParams.set('scope', scope);
  if (request.nonce && protocol === 'oidc') searchParams.set('nonce', request.nonce);
  if (request.codeChallenge) {
    searchParams.set('code_challenge', request.codeChallenge);
    searchParams.set('code_challenge_method', 'S256');
  }
  for (const [key, value] of Object.entries(config.authRequestOptionalConfig ?? {})) {
    const name = optionalParameters[key];
    if (name && value) searchParams.set(name, value);
  }
  for (const [key, value] of Object.entries(config.customConfig ?? {})) searchParams.set(key, value);
  return url.toString();
};
