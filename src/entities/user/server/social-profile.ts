import { connectorTarget, findFactory } from '../../../server/connectors/factories.js';
import type { RequestContext } from '../../../server/crud/context.js';
import type { EntityOperations } from '../../../server/crud/contracts.js';
import { ApiError } from '../../../server/http/api-error.js';
import { socialConfigOf } from '../../../server/social/config.js';
import { socialProfile } from '../../../server/social/profile.js';

/**
 * Who a user is at a social connector's platform, from what the platform sent back to the caller's page
 * (`connectorData`: the authorization `code` and the `redirectUri` it was issued for): the code exchanged and the
 * profile read as on the sign-in pages. An unknown connector is 404 `entity.not_found`, one of another type
 * `connector.unexpected_type`, missing data `session.insufficient_info`.
 */
export const socialProfileFrom = async (
  context: RequestContext,
  connectors: EntityOperations,
  connectorId: string,
  connectorData: Record<string, unknown>,
) => {
  const stored = await connectors.get(context, connectorId);
  const factory = findFactory(String(stored.connectorId), connectors.model);
  if (factory?.type !== 'Social' || !factory.protocol) throw new ApiError('connector.unexpected_type');
  const { code, redirectUri } = connectorData;
  if (typeof code !== 'string' || !code || typeof redirectUri !== 'string' || !redirectUri) {
    throw new ApiError('session.insufficient_info');
  }
  const config = socialConfigOf(factory.configSchema, stored.config as Record<string, unknown>);
  const profile = await socialProfile(factory.protocol, config, { code, redirectUri });
  return { ...profile, target: connectorTarget(factory, stored.metadata) };
};
