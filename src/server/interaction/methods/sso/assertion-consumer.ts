import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findFactory } from '../../../connectors/factories.js';
import { ApiError } from '../../../http/api-error.js';
import { readSsoConnection } from '../../../sso/connectors.js';
import { parseSamlResponse, resolveSamlIdp, samlServiceProvider } from '../../../sso/saml.js';
import { DEFAULT_TENANT_ID } from '../../../tenants/urls.js';
import type { MethodTools } from '../method.js';
import { interactionOfState, sameState } from '../provider-return.js';
import { startIdpInitiated } from './idp-initiated.js';
import { isSsoState, SSO_STATE_KEY, type SsoState } from './state.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The assertion consumer service of the tenant's SAML connectors (`POST /api/authn/single-sign-on/saml/{id}`, where
 * the identity provider posts its response, cross-site, without the interaction's cookie). The RelayState names the
 * interaction and must match the state it keeps; the response must answer that interaction's AuthnRequest. The
 * profile it names is kept with the interaction (the request's ID spent, so a replay answers nothing), and the
 * browser goes on to the interaction's callback, where its own cookie applies. Logto's deprecated social SAML
 * endpoint (`/api/authn/saml/{id}`) answers as Logto's does for connectors without SAML.
 */
export const registerAssertionConsumer = (scope: FastifyInstance, prefix: string, tools: MethodTools) => {
  const { db, providers } = tools;
  const fail = (reply: FastifyReply, error: ApiError) => reply.status(error.status).send(error.toBody());
  const tenantOf = (request: FastifyRequest) => {
    const tenantId = text((request.params as Record<string, unknown>).tenantId);
    return tenantId === DEFAULT_TENANT_ID ? undefined : tenantId || DEFAULT_TENANT_ID;
  };
  const noSession = () => new ApiError('session.connector_validation_session_not_found');

  const consume = async (request: FastifyRequest<{ Params: { connectorId: string } }>, reply: FastifyReply) => {
    const tenantId = tenantOf(request);
    const oidc = tenantId ? await providers.get(tenantId) : undefined;
    if (!tenantId || !oidc) return fail(reply, new ApiError('entity.not_found'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!text(body.SAMLResponse)) return fail(reply, new ApiError('guard.invalid_input', { type: 'body' }));
    const connection = await db.withTenant(tenantId, (tx) =>
      readSsoConnection(tx, tenantId, tools.modelOf('ssoConnector'), request.params.connectorId),
    );
    if (!connection) return fail(reply, new ApiError('entity.not_found'));
    if (connection.providerType !== 'saml') return fail(reply, new ApiError('connector.unexpected_type'));
    // A response without a RelayState is the identity provider's own (IdP-initiated), where the connector takes one.
    const relayState = text(body.RelayState);
    if (!relayState) {
      return startIdpInitiated(tools, { tenantId, oidc, connection, body }, reply).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        request.log.warn({ err: error }, 'IdP-initiated SAML response refused');
        return fail(reply, error);
      });
    }
    const uid = interactionOfState(relayState);
    const found = uid ? await oidc.provider.Interaction.find(uid) : undefined;
    const saved: unknown = found?.result?.[SSO_STATE_KEY];
    if (!found || !isSsoState(saved) || saved.connectorId !== connection.id || !sameState(relayState, saved.state)) {
      return fail(reply, noSession());
    }
    if (!saved.requestId) return fail(reply, noSession());
    const sp = samlServiceProvider(oidc.issuer.replace(/\/oidc$/, ''), connection.id);
    let next: SsoState = { ...saved, requestId: undefined };
    try {
      const idp = await resolveSamlIdp(connection.config);
      const profile = await parseSamlResponse(idp, sp, body, saved.requestId, connection.config);
      next = { ...next, profile: { ...profile, emailVerified: true } };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      request.log.warn({ err: error }, 'SAML response refused');
    }
    found.result = { [SSO_STATE_KEY]: next };
    await found.persist();
    const query = new URLSearchParams({ state: relayState, ...(next.profile ? {} : { error: 'invalid_response' }) });
    const to = `${oidc.basePath}/interaction/${uid}/sso/${encodeURIComponent(connection.id)}/callback?${query}`;
    return reply.header('Cache-Control', 'no-store').redirect(to, 302);
  };

  /** Logto's social SAML endpoint: a connector must be a social one, and none here speaks SAML. */
  const socialSaml = async (request: FastifyRequest<{ Params: { connectorId: string } }>, reply: FastifyReply) => {
    const tenantId = tenantOf(request);
    if (!tenantId) return fail(reply, new ApiError('entity.not_found'));
    const { rows } = await db.withTenant(tenantId, (tx) =>
      tx.query<{ connector_id: string }>('SELECT connector_id FROM connectors WHERE tenant_id = $1 AND id = $2', [
        tenantId,
        request.params.connectorId,
      ]),
    );
    const factory = rows[0] ? findFactory(rows[0].connector_id, tools.modelOf('connector'))?.type : undefined;
    if (!factory) return fail(reply, new ApiError('entity.not_found'));
    if (factory !== 'Social') return fail(reply, new ApiError('connector.unexpected_type'));
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!text(body.SAMLResponse) || !text(body.RelayState))
      return fail(reply, new ApiError('connector.invalid_response'));
    return fail(reply, new ApiError('connector.not_implemented', { method: 'validateSamlAssertion' }));
  };

  scope.post(`${prefix}/api/authn/single-sign-on/saml/:connectorId`, consume);
  scope.post(`${prefix}/api/authn/saml/:connectorId`, socialSaml);
};
