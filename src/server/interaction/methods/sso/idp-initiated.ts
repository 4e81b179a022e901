import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { generateId } from '../../../crud/ids.js';
import { Repository } from '../../../crud/repository.js';
import { ApiError } from '../../../http/api-error.js';
import type { TenantOidc } from '../../../oidc/provider.js';
import { readSsoConnection, type SsoConnection } from '../../../sso/connectors.js';
import { parseSamlResponse, resolveSamlIdp, samlServiceProvider } from '../../../sso/saml.js';
import type { Interaction, Request } from '../../context.js';
import type { MethodTools } from '../method.js';
import { ssoOutcome } from './outcome.js';
import type { SsoProfile } from './state.js';

/** The cookie naming the IdP-initiated sign-in waiting for its authorization request (Logto's keeps one too). */
const COOKIE = 'gh_idp_sso';
/** How long the identity provider's response waits for the sign-in it starts. */
const WAIT_MS = 10 * 60_000;

const cookieOf = (request: Request) => /(?:^|;\s*)gh_idp_sso=([\w-]{1,64})/.exec(request.headers.cookie ?? '')?.[1];
const cookie = (oidc: TenantOidc, value: string, maxAge: number) =>
  `${COOKIE}=${value}; Path=${oidc.basePath || '/'}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${oidc.issuer.startsWith('https:') ? '; Secure' : ''}`;

const repositories = (tools: Pick<MethodTools, 'modelOf'>) => ({
  configs: new Repository(tools.modelOf('ssoConnectorIdpInitiatedAuthConfig')),
  sessions: new Repository(tools.modelOf('idpInitiatedSamlSsoSession')),
  applications: new Repository(tools.modelOf('application')),
});

/**
 * A response the identity provider sent on its own (no RelayState), where the connector's IdP-initiated settings
 * allow it: verified as answering no request, kept once (its ID: a replay is refused) for ten minutes, named by a
 * cookie; then the application's authorization request goes out, from here or from the client's callback. The
 * sign-in page it opens resumes with the kept user (`resumeIdpInitiated`).
 */
export const startIdpInitiated = async (
  tools: Pick<MethodTools, 'db' | 'modelOf'>,
  input: { tenantId: string; oidc: TenantOidc; connection: SsoConnection; body: Record<string, unknown> },
  reply: FastifyReply,
) => {
  const { tenantId, oidc, connection } = input;
  const { configs, sessions, applications } = repositories(tools);
  const scope = { tenantId };
  const config = await tools.db.withTenant(tenantId, (tx) => configs.findBy(tx, scope, { connectorId: connection.id }));
  if (!config) throw new ApiError('session.connector_validation_session_not_found');
  const sp = samlServiceProvider(oidc.issuer.replace(/\/oidc$/, ''), connection.id);
  const profile = await parseSamlResponse(
    await resolveSamlIdp(connection.config),
    sp,
    input.body,
    null,
    connection.config,
  );
  if (!profile.responseId) throw new ApiError('connector.invalid_response');
  const id = generateId();
  const assertionContent: SsoProfile = { ...profile, emailVerified: true };
  await tools.db
    .withTenant(tenantId, (tx) =>
      sessions.insert(tx, tenantId, {
        id,
        connectorId: connection.id,
        responseId: profile.responseId,
        assertionContent,
        expiresAt: Date.now() + WAIT_MS,
      }),
    )
    .catch((error: unknown) => {
      // The same response again: it was taken once already.
      if (error instanceof ApiError || (error as { code?: string }).code === '23505') {
        throw new ApiError('connector.invalid_response', {}, { reason: 'The response was used already.' });
      }
      throw error;
    });
  reply.header('Set-Cookie', cookie(oidc, id, WAIT_MS / 1000)).header('Cache-Control', 'no-store');
  if (config.autoSendAuthorizationRequest !== true) {
    const callback = new URL(String(config.clientIdpInitiatedAuthCallbackUri));
    callback.searchParams.set('ssoConnectorId', connection.id);
    return reply.redirect(callback.toString(), 302);
  }
  const application = await tools.db.withTenant(tenantId, (tx) =>
    applications.find(tx, scope, String(config.defaultApplicationId)),
  );
  const registered = (application?.oidcClientMetadata as { redirectUris?: string[] } | undefined)?.redirectUris ?? [];
  const parameters = (config.authParameters ?? {}) as { scope?: string; resource?: string };
  const authorize = new URL(`${oidc.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: String(config.defaultApplicationId),
    redirect_uri: typeof config.redirectUri === 'string' ? config.redirectUri : (registered[0] ?? ''),
    response_type: 'code',
    scope: ['openid', parameters.scope ?? 'profile'].join(' '),
    state: randomBytes(16).toString('base64url'),
    prompt: 'login',
    ...(parameters.resource ? { resource: parameters.resource } : {}),
  }).toString();
  return reply.redirect(authorize.toString(), 302);
};

/**
 * The first screen of a sign-in the identity provider started: the kept user signs in (their session spent, its
 * cookie cleared), where the authorization request is the connector's application's. Anything else shows the page.
 * A spent session stays as the record of its response (kept for good; sign-ins the identity provider starts are few).
 */
export const resumeIdpInitiated = async (
  interaction: Interaction,
  request: Request,
  reply: FastifyReply,
  tools: MethodTools,
) => {
  const id = cookieOf(request);
  if (!id) return undefined;
  const { tenantId, oidc, details } = interaction;
  const { configs, sessions } = repositories(tools);
  const scope = { tenantId };
  reply.header('Set-Cookie', cookie(oidc, '', 0));
  const found = await tools.db.withTenant(tenantId, async (tx) => {
    const session = await sessions.find(tx, scope, id, true);
    if (!session) return undefined;
    // Spent, not deleted: its response's ID stays taken, so the same response cannot start another sign-in.
    await sessions.update(tx, scope, id, { expiresAt: Date.now() - 1 });
    const config = await configs.findBy(tx, scope, { connectorId: session.connectorId });
    const connection = await readSsoConnection(
      tx,
      tenantId,
      tools.modelOf('ssoConnector'),
      String(session.connectorId),
    );
    return { session, config, connection };
  });
  if (!found?.connection || !found.config || Number(found.session.expiresAt) < Date.now()) return undefined;
  if (found.config.defaultApplicationId !== details.params.client_id) return undefined;
  const profile = found.session.assertionContent as unknown as SsoProfile;
  return ssoOutcome(tools)(interaction, request, reply, found.connection, profile);
};
