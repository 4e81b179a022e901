import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { tenantIssuer } from '../../../server/tenants/urls.js';
import { auditedSamlStep } from './audit.js';
import { identityProviderOf, samlApplicationDetails, scopesFor } from './details.js';
import { identityProvider, serviceProvider } from './metadata.js';
import { samlUrls } from './settings.js';
import './validator.js';

type Run = Parameters<ActionOverride['run']>[0];

/** A sign-in under way lasts an hour (Logto's), its state signed with the application's own secret. */
const SIGN_IN_TTL = '1h';
export const stateKey = (clientSecret: string) => new TextEncoder().encode(clientSecret);
/** The cookie that ties the sign-in's state to the browser that started it. */
export const nonceCookie = (id: string) => `gh_saml_${id}`;

export interface SamlMessage {
  SAMLRequest: string;
  RelayState?: string;
  Signature?: string;
  SigAlg?: string;
}

/**
 * `GET|POST /api/saml/{id}/authn`: the service provider's AuthnRequest (HTTP-Redirect or HTTP-POST binding), checked
 * against the SAML schema and the provider's entity ID, then the browser sent to the tenant's sign-in as the
 * application's OpenID client. What the response must answer (the request's ID, the RelayState) travels in the
 * OpenID `state`, signed with the application's secret and bound to the browser by a cookie.
 */
export const startSignOn = (run: Run, binding: 'redirect' | 'post', message: SamlMessage) =>
  auditedSamlStep(run, 'SamlApplication.AuthnRequest', () => signOnUrl(run, binding, message));

const signOnUrl = async (run: Run, binding: 'redirect' | 'post', message: SamlMessage) => {
  const details = await samlApplicationDetails(run);
  if (!details.entityId) throw new ApiError('application.saml.entity_id_required');
  if (!details.acsUrl) throw new ApiError('application.saml.acs_url_required');
  const idp = identityProvider(identityProviderOf(run, details));
  const sp = serviceProvider(details.entityId, details.acsUrl.url);
  const fields: Record<string, unknown> = { ...message };
  const request = binding === 'redirect' ? { query: fields } : { body: fields };
  const parsed = await idp.parseLoginRequest(sp, binding, request).catch(() => undefined);
  const extract = parsed?.extract as { issuer?: unknown; request?: { id?: unknown } } | undefined;
  const requestId = extract?.request?.id;
  if (typeof requestId !== 'string' || typeof extract?.issuer !== 'string') {
    throw new ApiError('application.saml.invalid_saml_request');
  }
  if (extract.issuer !== details.entityId) throw new ApiError('application.saml.auth_request_issuer_not_match');

  const { context, reply } = run;
  const { callback } = samlUrls(context, details.id);
  const nonce = randomBytes(16).toString('base64url');
  const state = await new SignJWT({ requestId, relayState: message.RelayState ?? null, nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(callback)
    .setExpirationTime(SIGN_IN_TTL)
    .sign(stateKey(details.clientSecret));
  const secure = callback.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${nonceCookie(details.id)}=${nonce}; Path=${new URL(callback).pathname}; Max-Age=3600; HttpOnly; SameSite=Lax${secure}`,
  );
  const authorize = new URL(`${tenantIssuer(context.origin ?? '', context.tenantId)}/auth`);
  authorize.search = new URLSearchParams({
    client_id: details.id,
    redirect_uri: callback,
    response_type: 'code',
    prompt: 'login',
    scope: scopesFor(details),
    state,
  }).toString();
  return authorize.toString();
};
