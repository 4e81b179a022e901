import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../../../http/api-error.js';
import { socialProfile } from '../../../social/profile.js';
import { readSsoConnection } from '../../../sso/connectors.js';
import { discoverOidc, oidcClientConfig, oidcIssuerOf } from '../../../sso/oidc.js';
import { type Interaction, sendPage } from '../../context.js';
import type { MethodTools } from '../method.js';
import { providerReturn, sameState } from '../provider-return.js';
import { registerAssertionConsumer } from './assertion-consumer.js';
import { connectionsFor, toConnectors } from './claim.js';
import { ssoOutcome } from './outcome.js';
import { ssoRedirectUri, startSso } from './start.js';
import { readSsoState, type SsoProfile, saveSsoState } from './state.js';
import { ssoEmailPage } from './views.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const connectorIdOf = (request: { params: unknown }) => text((request.params as Record<string, unknown>).connectorId);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Single sign-on with the tenant's enterprise SSO connectors (Logto's): the work email's domain names the connector
 * (a choice where several list it); the user signs in at its identity provider by OpenID Connect (the code flow, as
 * social sign-in) or SAML (an AuthnRequest; the response posted to the assertion consumer service), and comes back
 * to the interaction, whose state is checked once. Then `ssoOutcome` signs the user in, links or registers them.
 */
export const ssoRoutes = (scope: FastifyInstance, at: string, tools: MethodTools, prefix: string) => {
  const { page, db, pages } = tools;
  const outcome = ssoOutcome(tools);
  const refuse = (interaction: Interaction, reply: FastifyReply, status: number, key: string) =>
    pages.showSignIn(interaction, reply, status, { error: interaction.tr.t(`errors:${key}`) });
  const emailPage = (interaction: Interaction, reply: FastifyReply, status: number, email = '', error = '') => {
    const chrome = interaction.chrome();
    const view = { action: `${interaction.base}/sso`, backHref: interaction.base, email, error: error || undefined };
    return sendPage(reply, status, ssoEmailPage(interaction.tr, view, chrome), chrome);
  };
  const show = page(async (interaction, _request, reply) => {
    if (interaction.details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    if (!interaction.experience.singleSignOn) return refuse(interaction, reply, 400, 'sso_unavailable');
    return emailPage(interaction, reply, 200);
  });

  /** The work email: to its domain's connector, or to a choice between several. */
  const byEmail = page(async (interaction, request, reply) => {
    const { tr, experience, details } = interaction;
    if (details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    if (!experience.singleSignOn) return refuse(interaction, reply, 400, 'sso_unavailable');
    const email = text(request.body?.email).trim().toLowerCase();
    if (!EMAIL.test(email)) return emailPage(interaction, reply, 400, email, tr.t('errors:sso_email_required'));
    const connections = await connectionsFor(tools, interaction, email);
    if (connections.length === 0) return emailPage(interaction, reply, 422, email, tr.t('errors:sso_no_connector'));
    return toConnectors(tools, interaction, reply, email, connections);
  });

  /** One connector of the choice (it must list the email's domain). */
  const withConnector = page(async (interaction, request, reply) => {
    if (interaction.details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    if (!interaction.experience.singleSignOn) return refuse(interaction, reply, 400, 'sso_unavailable');
    const email = text(request.body?.email).trim().toLowerCase();
    const connection = (await connectionsFor(tools, interaction, email)).find((c) => c.id === connectorIdOf(request));
    if (!connection) return refuse(interaction, reply, 400, 'sso_unavailable');
    const started = await startSso(interaction, reply, connection, email);
    return started ?? refuse(interaction, reply, 502, 'sso_unavailable');
  });

  /** The provider's answer, in the interaction that started the sign-on, with its state: once. */
  const callback = page(async (interaction, request, reply) => {
    const { tenantId, details } = interaction;
    if (details.prompt.name !== 'login') return pages.wrongPrompt(interaction, reply);
    const connectorId = connectorIdOf(request);
    const query = request.query as Record<string, unknown>;
    const saved = readSsoState(interaction);
    if (!saved || saved.connectorId !== connectorId || !sameState(text(query.state), saved.state)) {
      return refuse(interaction, reply, 400, 'sso_session_expired');
    }
    await saveSsoState(interaction, undefined);
    if (text(query.error)) return refuse(interaction, reply, 400, 'sso_failed');
    const connection = await db.withTenant(tenantId, (tx) =>
      readSsoConnection(tx, tenantId, interaction.modelOf('ssoConnector'), connectorId),
    );
    if (!connection) return refuse(interaction, reply, 400, 'sso_unavailable');
    let profile: SsoProfile | undefined = saved.profile;
    if (connection.providerType === 'oidc') {
      profile = await oidcProfile(interaction, connection, text(query.code), saved).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        request.log.warn({ err: error }, 'single sign-on refused');
        return undefined;
      });
    }
    if (!profile) return refuse(interaction, reply, 400, 'sso_failed');
    return outcome(interaction, request, reply, connection, profile);
  });

  scope.get(`${at}/sso`, show);
  scope.post(`${at}/sso`, byEmail);
  scope.post(`${at}/sso/:connectorId`, withConnector);
  scope.get(`${at}/sso/:connectorId/callback`, callback);
  scope.get(`${prefix}/callback/sso/:connectorId`, providerReturn('sso'));
  scope.post(`${prefix}/callback/sso/:connectorId`, providerReturn('sso'));
  registerAssertionConsumer(scope, prefix, tools);
};

/** OpenID Connect: the code exchanged, the ID token verified (signature, issuer, audience, nonce). */
const oidcProfile = async (
  interaction: Interaction,
  connection: Parameters<typeof oidcClientConfig>[0],
  code: string,
  saved: { nonce?: string | undefined; verifier?: string | undefined },
): Promise<SsoProfile | undefined> => {
  if (!code) return undefined;
  const discovery = await discoverOidc(oidcIssuerOf(connection));
  const config = oidcClientConfig(connection, discovery);
  const redirectUri = ssoRedirectUri(interaction, connection.id);
  const found = await socialProfile('oidc', config, {
    code,
    redirectUri,
    codeVerifier: saved.verifier,
    nonce: saved.nonce,
  });
  return { ...found, email: found.email?.toLowerCase(), issuer: discovery.issuer };
};
