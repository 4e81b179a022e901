import type { EntityModel } from '../../../../shared/descriptor.js';
import { connectorTarget, findFactory } from '../../../connectors/factories.js';
import type { Queryable } from '../../../db/database.js';
import type { PageSocialConnector } from '../../experience.js';

type Row = {
  id: string;
  connector_id: string;
  metadata: Record<string, unknown> | null;
  config: Record<string, unknown>;
  sync_profile: boolean;
  enable_token_storage: boolean;
};

/** A connector's own metadata (a standard connector's) over its factory's. */
const shown = (model: EntityModel, row: Row) => {
  const factory = findFactory(row.connector_id, model);
  if (factory?.type !== 'Social' || !factory.protocol) return undefined;
  const own = factory.metadata.isStandard === true ? (row.metadata ?? {}) : {};
  const pick = (key: string) => (own[key] !== undefined && own[key] !== '' ? own[key] : factory.metadata[key]);
  const logo = pick('logo');
  return {
    factory,
    protocol: factory.protocol,
    connector: {
      id: row.id,
      target: connectorTarget(factory, row.metadata),
      name: (pick('name') ?? {}) as Record<string, string>,
      logo: typeof logo === 'string' && logo.startsWith('data:image/') ? logo : undefined,
    } satisfies PageSocialConnector,
    config: row.config,
    /** Whether each sign-in refreshes the user's name and avatar from the provider (`syncProfile`). */
    syncProfile: row.sync_profile === true,
    /** Whether the provider's tokens are kept in the secret vault at each sign-in (`enableTokenStorage`). */
    tokenStorage: row.enable_token_storage === true,
  };
};

/** The tenant's social connectors of the sign-in experience's targets, in the targets' order. */
export const readSocialConnectors = async (
  tx: Queryable,
  tenantId: string,
  model: EntityModel,
  targets: string[],
): Promise<PageSocialConnector[]> => {
  if (targets.length === 0) return [];
  const { rows } = await tx.query<Row>(
    `SELECT id, connector_id, metadata, config, sync_profile, enable_token_storage
       FROM connectors WHERE tenant_id = $1 ORDER BY created_at`,
    [tenantId],
  );
  const connectors = rows.flatMap((row) => shown(model, row)?.connector ?? []);
  return targets.flatMap((target) => connectors.find((connector) => connector.target === target) ?? []);
};

/** One social connector of the tenant with its factory and configuration, to sign in with. */
export const readSocialConnector = async (tx: Queryable, tenantId: string, model: EntityModel, id: string) => {
  const { rows } = await tx.query<Row>(
    `SELECT id, connector_id, metadata, config, sync_profile, enable_token_storage
       FROM connectors WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id],
  );
  return rows[0] ? shown(model, rows[0]) : undefined;
};
