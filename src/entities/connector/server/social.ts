import {
  type ConnectorFactory,
  connectorTarget,
  factoriesOf,
  findFactory,
} from '../../../server/connectors/factories.js';
import type { ActionOverride } from '../../../server/crud/overrides.js';
import type { Queryable } from '../../../server/db/database.js';
import { ApiError } from '../../../server/http/api-error.js';
import { authorizationUri } from '../../../server/social/authorization.js';
import { socialConfigOf } from '../../../server/social/config.js';

type Run = Parameters<ActionOverride['run']>[0];
type Model = Parameters<typeof findFactory>[1];
type Metadata = { target?: string; name?: unknown; logo?: string; logoDark?: string | null } | undefined;

/**
 * Logto's rules for a new social connector, checked in the creating transaction after the type's lock: a standard
 * factory (generic OIDC, OAuth 2.0) is given a target, another keeps its factory's metadata and is set up once; no two
 * social connectors share a target and platform.
 */
export const checkNewSocialConnector = async (
  tx: Queryable,
  tenantId: string,
  factory: ConnectorFactory,
  metadata: Metadata,
  model: Model,
) => {
  const standard = factory.metadata.isStandard === true;
  if (standard && !metadata?.target) throw new ApiError('connector.should_specify_target');
  if (!standard && metadata !== undefined) {
    throw new ApiError('connector.cannot_overwrite_metadata_for_non_standard_connector');
  }
  const socialIds = factoriesOf(model)
    .filter((candidate) => candidate.type === 'Social')
    .map((candidate) => candidate.id);
  const { rows } = await tx.query<{ connector_id: string; metadata: Metadata }>(
    'SELECT connector_id, metadata FROM connectors WHERE tenant_id = $1 AND connector_id = ANY($2)',
    [tenantId, socialIds],
  );
  if (!standard && rows.some((row) => row.connector_id === factory.id)) {
    throw new ApiError('connector.multiple_instances_not_supported');
  }
  const target = connectorTarget(factory, metadata);
  const duplicate = rows.find((row) => {
    const other = findFactory(row.connector_id, model);
    return (
      other && other.metadata.platform === factory.metadata.platform && connectorTarget(other, row.metadata) === target
    );
  });
  if (duplicate) {
    throw new ApiError('connector.multiple_target_with_same_platform', {}, { connectorId: duplicate.connector_id });
  }
};

/**
 * `POST /api/connectors/{connectorId}/authorization-uri`: where to send a user to sign in at the social connector's
 * provider, coming back to `redirectUri` with `state` (Logto's, for linking identities from the caller's own pages).
 */
export const authorizationUriAction = async ({ context, params, body, operations }: Run) => {
  const { state, redirectUri } = body as { state?: string; redirectUri?: string };
  if (!state || !redirectUri) throw new ApiError('session.insufficient_info');
  const stored = await operations.get(context, String(params.connectorId));
  const factory = findFactory(String(stored.connectorId), operations.model);
  if (factory?.type !== 'Social' || !factory.protocol) throw new ApiError('connector.unexpected_type');
  const config = socialConfigOf(factory.configSchema, stored.config as Record<string, unknown>);
  return { redirectTo: authorizationUri(factory.protocol, config, { state, redirectUri }) };
};
