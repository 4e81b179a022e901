import { jwtVerify } from 'jose';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { contentSecurityPolicy, newCspNonce } from '../../../server/http/security-headers.js';
import { html } from '../../../server/interaction/html.js';
import { tenantBasePath } from '../../../server/tenants/urls.js';
import { samlResponse, type UserInfo } from './assertion.js';
import { auditedSamlStep } from './audit.js';
import { identityProviderOf, type SamlApplicationDetails, samlApplicationDetails } from './details.js';
import { samlUrls } from './settings.js';
import { nonceCookie, stateKey } from './sign-on.js';

type Run = Parameters<ActionOverride['run']>[0];

const cookieOf = (header: string | undefined, name: string) =>
  (header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/** Calls the tenant's own OpenID provider in-process (its token and userinfo endpoints), as the application. */
const callProvider = async (run: Run, path: string, init: { form?: Record<string, string>; authorization: string }) => {
  const { context, request } = run;
  const answer = await request.server.inject({
    method: init.form ? 'POST' : 'GET',
    url: `${tenantBasePath(context.tenantId)}/oidc/${path}`,
    headers: {
      authorization: init.authorization,
      host: new URL(context.origin ?? 'http://localhost').host,
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(init.form ? { payload: new URLSearchParams(init.form).toString() } : {}),
  });
  let body: Record<string, unknown> = {};
  try {
    body = answer.json<Record<string, unknown>>();
  } catch {
    // Not JSON: refused below.
  }
  if (answer.statusCode !== 200) throw new ApiError('oidc.invalid_request', {}, { details: body.error }, 400);
  return body;
};

/** The user's claims for the sign-in's code: the code exchanged at the token endpoint, then the userinfo endpoint. */
const userOf = async (run: Run, details: SamlApplicationDetails, code: string, callback: string) => {
  const basic = `${encodeURIComponent(details.id)}:${encodeURIComponent(details.clientSecret)}`;
  const tokens = await callProvider(run, 'token', {
    authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
    form: { grant_type: 'authorization_code', code, redirect_uri: callback },
  });
  const user = await callProvider(run, 'me', { authorization: `Bearer ${String(tokens.access_token)}` });
  if (typeof user.sub !== 'string') throw new ApiError('oidc.invalid_request', {}, undefined, 400);
  return user as UserInfo;
};

/** What the sign-in's state carries, once it is found to be this application's and this browser's. */
const signInOf = async (run: Run, details: SamlApplicationDetails, state: string, callback: string) => {
  const claims = await jwtVerify(state, stateKey(details.clientSecret), { audience: callback }).then(
    ({ payload }) => payload,
    () => undefined,
  );
  const nonce = cookieOf(run.request.headers.cookie, nonceCookie(details.id));
  if (!nonce) throw new ApiError('application.saml.sp_initiated_saml_sso_session_not_found_in_cookies');
  if (!claims || claims.nonce !== nonce || typeof claims.requestId !== 'string') {
    throw new ApiError('application.saml.state_mismatch');
  }
  return { requestId: claims.requestId, relayState: typeof claims.relayState === 'string' ? claims.relayState : null };
};

/** The page that posts the SAML Response (and the RelayState) to the service provider at once. */
const postingPage = async (run: Run, action: string, response: string, relayState: string | null, nonce: string) => {
  // The page texts load where pages are rendered (the server), not wherever the entity's overrides are imported.
  const { translatorFor } = await import('../../../server/locales/index.js');
  const { language, t } = translatorFor(run.request.headers['accept-language']);
  const relay = relayState === null ? '' : html`<input type="hidden" name="RelayState" value="${relayState}">`;
  return String(html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${t('saml.posting_title')}</title></head><body>
<form id="saml" method="post" action="${action}">
<input type="hidden" name="SAMLResponse" value="${response}">
${relay}
<noscript><button type="submit">${t('saml.continue')}</button></noscript>
</form>
<script nonce="${nonce}">document.getElementById('saml').submit();</script>
</body></html>`);
};

/**
 * `GET /api/saml-applications/{id}/callback`: where the tenant's sign-in sends the user back. The code is exchanged
 * for the user's claims, and the answer is a page that posts the signed SAML Response to the service provider.
 */
export const finishSignOn = (run: Run) =>
  auditedSamlStep(run, 'SamlApplication.Callback', (signedIn) => answerSignOn(run, signedIn));

const answerSignOn = async (run: Run, signedIn: (userId: string) => void) => {
  const { query, reply, context } = run;
  const details = await samlApplicationDetails(run);
  if (typeof query.error === 'string') {
    throw new ApiError('oidc.invalid_request', {}, { details: query.error_description ?? query.error }, 400);
  }
  if (typeof query.code !== 'string' || typeof query.state !== 'string') {
    throw new ApiError('guard.invalid_input', { type: 'query' });
  }
  const { entityId, acsUrl } = details;
  if (!entityId) throw new ApiError('application.saml.entity_id_required');
  if (!acsUrl) throw new ApiError('application.saml.acs_url_required');
  const { callback } = samlUrls(context, details.id);
  const signIn = await signInOf(run, details, query.state, callback);
  const user = await userOf(run, details, query.code, callback);
  signedIn(user.sub);
  const response = await samlResponse({
    details: { ...details, entityId, acsUrl },
    idp: identityProviderOf(run, details),
    user,
    ...signIn,
  });
  const nonce = newCspNonce();
  reply.header('Content-Security-Policy', contentSecurityPolicy({ scriptNonce: nonce, formsLeaveOrigin: true }));
  reply.header('Cache-Control', 'no-store');
  reply.header('Set-Cookie', `${nonceCookie(details.id)}=; Path=${new URL(callback).pathname}; Max-Age=0; HttpOnly`);
  reply.type('text/html; charset=utf-8');
  return postingPage(run, acsUrl.url, response, signIn.relayState, nonce);
};
