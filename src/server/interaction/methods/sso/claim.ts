import type { FastifyReply } from 'fastify';
import type { SsoConnection } from '../../../sso/connectors.js';
import { ssoConnectionsForEmail } from '../../../sso/connectors.js';
import { type Interaction, sendPage } from '../../context.js';
import type { MethodTools } from '../method.js';
import { startSso } from './start.js';
import { ssoChoicePage } from './views.js';

/** The connectors that list the email's domain, where the sign-in experience enables single sign-on. */
export const connectionsFor = (tools: Pick<MethodTools, 'db'>, interaction: Interaction, email: string) =>
  interaction.experience.singleSignOn
    ? tools.db.withTenant(interaction.tenantId, (tx) =>
        ssoConnectionsForEmail(tx, interaction.tenantId, interaction.modelOf('ssoConnector'), email),
      )
    : Promise.resolve([]);

/**
 * To the email's connector (its identity provider), or to a choice where several list the domain; a provider that
 * cannot be reached says so on the sign-in page.
 */
export const toConnectors = async (
  tools: Pick<MethodTools, 'pages'>,
  interaction: Interaction,
  reply: FastifyReply,
  email: string,
  connections: SsoConnection[],
) => {
  const { tr } = interaction;
  if (connections.length > 1) {
    const chrome = interaction.chrome();
    const view = { base: interaction.base, backHref: interaction.base, email, connectors: connections };
    return sendPage(reply, 200, ssoChoicePage(tr, view, chrome), chrome);
  }
  const [connection] = connections;
  const started = connection && (await startSso(interaction, reply, connection, email));
  return started ?? tools.pages.showSignIn(interaction, reply, 502, { error: tr.t('errors:sso_unavailable') });
};

/** An email typed into another method's form whose domain has single sign-on signs in there. */
export const ssoClaim = async (
  interaction: Interaction,
  reply: FastifyReply,
  identifier: string,
  tools: MethodTools,
) => {
  if (!identifier.includes('@')) return undefined;
  const email = identifier.trim().toLowerCase();
  const connections = await connectionsFor(tools, interaction, email);
  return connections.length > 0 ? toConnectors(tools, interaction, reply, email, connections) : undefined;
};
