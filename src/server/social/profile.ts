import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ApiError } from '../http/api-error.js';
import type { TokenSet } from '../secrets/vault.js';
import type { SocialConfig, SocialProtocol } from './config.js';

/** The user as a social provider describes them, in Logto's shape; the raw answer as the identity's details. */
export interface SocialProfile {
  id: string;
  email?: string | undefined;
  /** Whether the provider vouches for the email (or the connector is told to trust it). */
  emailVerified: boolean;
  phone?: string | undefined;
  name?: string | undefined;
  avatar?: string | undefined;
  details: Record<string, unknown>;
  /** What the token endpoint answered (for a connector that stores tokens); never logged nor kept in the clear. */
  tokens?: TokenSet | undefined;
}

const TIMEOUT_MS = 10_000;
const truthy = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;

/** The value at a dotted path of an object (`picture.data.url`). */
const at = (value: unknown, path: string | undefined) =>
  path
    ? path
        .split('.')
        .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as never)[key] : undefined), value)
    : undefined;

const failed = (description: string) => new ApiError('connector.general', { errorDescription: description });

const request = async (url: string, init: RequestInit) => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw failed(error instanceof Error ? error.message : 'The provider could not be reached.');
  }
};

/** Exchanges the authorization code at the token endpoint (with the PKCE verifier where one was sent). */
const exchange = async (config: SocialConfig, code: string, redirectUri: string, codeVerifier?: string) => {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  if (codeVerifier) form.set('code_verifier', codeVerifier);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (config.tokenEndpointAuthMethod === 'client_secret_basic') {
    const id = encodeURIComponent(config.clientId);
    headers.authorization = `Basic ${Buffer.from(`${id}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', config.clientId);
    form.set('client_secret', config.clientSecret);
  }
  const answer = await request(config.tokenEndpoint, { method: 'POST', headers, body: form });
  const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok || typeof body.access_token !== 'string') {
    throw new ApiError('connector.invalid_auth_code', {}, { error: text(body.error) ?? `HTTP ${answer.status}` });
  }
  const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const expiresIn = body.expires_in;
  return {
    access_token: body.access_token,
    refresh_token: textOf(body.refresh_token),
    id_token: body.id_token,
    scope: textOf(body.scope),
    token_type: textOf(body.token_type),
    expires_in: typeof expiresIn === 'number' || typeof expiresIn === 'string' ? expiresIn : undefined,
  };
};

/** OpenID Connect: the ID token, its signature by the provider's keys, issuer, audience and nonce checked. */
const oidcProfile = async (config: SocialConfig, idToken: unknown, nonce: string | undefined) => {
  const verification = config.idTokenVerificationConfig;
  if (typeof idToken !== 'string' || !verification) throw new ApiError('connector.invalid_response');
  const keys = createRemoteJWKSet(new URL(verification.jwksUri));
  const { payload } = await jwtVerify(idToken, keys, {
    audience: config.clientId,
    ...(verification.issuer ? { issuer: verification.issuer } : {}),
  }).catch((error: unknown) => {
    throw new ApiError('connector.invalid_response', {}, { reason: error instanceof Error ? error.message : '' });
  });
  if (nonce !== undefined && payload.nonce !== nonce) {
    throw new ApiError('connector.invalid_response', {}, { reason: 'The ID token names another nonce.' });
  }
  const id = text(payload.sub);
  if (!id) throw new ApiError('connector.invalid_response');
  return {
    id,
    email: text(payload.email),
    emailVerified: truthy(payload.email_verified),
    phone: text(payload.phone_number) ?? text(payload.phone),
    name: text(payload.name),
    avatar: text(payload.picture),
    details: payload as Record<string, unknown>,
  };
};

/** OAuth 2.0: the user info endpoint's answer, read through the profile map. */
const oauth2Profile = async (config: SocialConfig, accessToken: string) => {
  if (!config.userInfoEndpoint) throw new ApiError('connector.invalid_config');
  const answer = await request(config.userInfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const body = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!answer.ok || !body || typeof body !== 'object') throw new ApiError('connector.invalid_response');
  const map = config.profileMap ?? {};
  const id = text(at(body, map.id ?? 'id'));
  if (!id) throw new ApiError('connector.invalid_response');
  return {
    id,
    email: text(at(body, map.email)),
    emailVerified: truthy(at(body, map.emailVerified)),
    phone: text(at(body, map.phone)),
    name: text(at(body, map.name)),
    avatar: text(at(body, map.avatar)),
    details: body,
  };
};

/**
 * The signed-in user's profile from the provider, after the authorization code came back: the code exchanged, then
 * the ID token (OpenID Connect) or the user info endpoint (OAuth 2.0).
 */
export const socialProfile = async (
  protocol: SocialProtocol,
  config: SocialConfig,
  callback: { code: string; redirectUri: string; codeVerifier?: string | undefined; nonce?: string | undefined },
): Promise<SocialProfile> => {
  const tokens = await exchange(config, callback.code, callback.redirectUri, callback.codeVerifier);
  const profile =
    protocol === 'oidc'
      ? await oidcProfile(config, tokens.id_token, callback.nonce)
      : await oauth2Profile(config, tokens.access_token);
  const kept: TokenSet = { ...tokens, id_token: text(tokens.id_token) };
  return { ...profile, emailVerified: profile.emailVerified || config.trustUnverifiedEmail === true, tokens: kept };
};
