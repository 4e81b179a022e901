import { type ConsoleCaller, consoleUser } from '../../../server/auth/console-user.js';
import { connectorTarget, findFactory } from '../../../server/connectors/factories.js';
import { ALL_SCOPES, type RequestContext } from '../../../server/crud/context.js';
import type { ActionOverride, ServerOverride } from '../../../server/crud/overrides.js';
import { ApiError } from '../../../server/http/api-error.js';
import { authorizationUriAction } from '../../connector/server/social.js';
import { userIdentityOverrides } from '../../user/server/identities.js';

type Run = Parameters<ActionOverride['run']>[0];

/** The admin tenant's context of the user's own change: any of its connectors may be read for it. */
const ownContext = ({ context }: Run): RequestContext => ({ ...context, scopes: ALL_SCOPES });
const userId = (run: Run) => (run.caller as ConsoleCaller).user.id;

/** The admin tenant's social connectors a console user may link: id, target, name and logos. */
const socialConnectors = async (run: Run) => {
  const connectors = run.operationsOf('connector');
  const { items } = await connectors.list(ownContext(run), {});
  return items.flatMap((stored) => {
    const factory = findFactory(String(stored.connectorId), connectors.model);
    if (factory?.type !== 'Social') return [];
    const metadata = (stored.metadata ?? {}) as { name?: unknown; logo?: string; logoDark?: string | null };
    return [
      {
        id: stored.id,
        target: connectorTarget(factory, metadata),
        name: metadata.name ?? factory.metadata.name,
        logo: metadata.logo ?? factory.metadata.logo,
        logoDark: metadata.logoDark ?? factory.metadata.logoDark ?? null,
      },
    ];
  });
};

/** `POST /me/social/authorization-uri`: where the user signs in at the connector's provider, to link it. */
const authorization = (run: Run) =>
  authorizationUriAction({
    ...run,
    context: ownContext(run),
    params: { connectorId: String(run.body.connectorId) },
    operations: run.operationsOf('connector'),
  });

/**
 * `POST /me/social/link-identity`: the identity the provider's answer names becomes the user's (Logto's 422
 * `user.identity_already_in_use` when another account holds it).
 */
const link = (run: Run) =>
  userIdentityOverrides['user.link-identity'].run({
    ...run,
    context: ownContext(run),
    id: userId(run),
    operations: run.operationsOf('user'),
  });

/** `DELETE /me/social/identity/{connectorId}`: the identity of the connector's target is no longer the user's. */
const unlink = async (run: Run) => {
  const connectorId = String(run.params.connectorId);
  const linkable = await socialConnectors(run);
  const connector = linkable.find((entry) => entry.id === connectorId);
  if (!connector) throw new ApiError('entity.not_found');
  await userIdentityOverrides['user.delete-identity'].run({
    ...run,
    context: ownContext(run),
    id: userId(run),
    params: { target: connector.target },
    operations: run.operationsOf('user'),
  });
};

export const meSocialOverrides = {
  'me.social-connectors': { kind: 'action', authenticate: consoleUser, run: socialConnectors },
  'me.social-authorization-uri': { kind: 'action', authenticate: consoleUser, run: authorization },
  'me.social-link': { kind: 'action', authenticate: consoleUser, run: link },
  'me.social-unlink': { kind: 'action', authenticate: consoleUser, run: unlink },
} satisfies Record<string, ServerOverride>;
