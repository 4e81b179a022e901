import type { EntityModel } from '../../shared/descriptor.js';
import type { Queryable } from '../db/database.js';

/** An enterprise SSO connector as the sign-in pages use it: its protocol, connection and how it is shown. */
export interface SsoConnection {
  id: string;
  providerName: string;
  providerType: 'oidc' | 'saml';
  /** The provider's branch metadata (`x-meta`): its default issuer, logos. */
  meta: Record<string, unknown>;
  config: Record<string, unknown>;
  domains: string[];
  /** What the sign-in page calls it: its branding's display name, else its name. */
  displayName: string;
  logo?: string | undefined;
  syncProfile: boolean;
  /** Whether the provider's tokens are kept in the secret vault at each sign-in (`enableTokenStorage`). */
  tokenStorage: boolean;
}

type Row = {
  id: string;
  provider_name: string;
  connector_name: string;
  config: Record<string, unknown> | null;
  domains: string[] | null;
  branding: Record<string, unknown> | null;
  sync_profile: boolean;
  enable_token_storage: boolean;
};

const COLUMNS = 'id, provider_name, connector_name, config, domains, branding, sync_profile, enable_token_storage';

const connectionOf = (model: EntityModel, row: Row): SsoConnection | undefined => {
  const meta = (model.discriminated?.config?.branches[row.provider_name]?.meta ?? {}) as Record<string, unknown>;
  const providerType = meta.providerType;
  if (providerType !== 'oidc' && providerType !== 'saml') return undefined;
  const branding = row.branding ?? {};
  const logo =
    typeof branding.logo === 'string' && /^(https:|data:image\/)/.test(branding.logo) ? branding.logo : undefined;
  return {
    id: row.id,
    providerName: row.provider_name,
    providerType,
    meta,
    config: row.config ?? {},
    domains: row.domains ?? [],
    displayName:
      typeof branding.displayName === 'string' && branding.displayName ? branding.displayName : row.connector_name,
    logo,
    syncProfile: row.sync_profile === true,
    tokenStorage: row.enable_token_storage === true,
  };
};

/** Whether a connector is connected: a configuration was saved (a new connector has none yet). */
const connected = (connection: SsoConnection | undefined): connection is SsoConnection =>
  connection !== undefined && Object.keys(connection.config).length > 0;

/** One connected SSO connector of the tenant. */
export const readSsoConnection = async (tx: Queryable, tenantId: string, model: EntityModel, id: string) => {
  const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} FROM sso_connectors WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    id,
  ]);
  const connection = rows[0] ? connectionOf(model, rows[0]) : undefined;
  return connected(connection) ? connection : undefined;
};

/** The tenant's connected SSO connectors that list the domain of an email address, oldest first. */
export const ssoConnectionsForEmail = async (tx: Queryable, tenantId: string, model: EntityModel, email: string) => {
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  if (!domain || !email.includes('@')) return [];
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM sso_connectors WHERE tenant_id = $1 AND domains @> $2::jsonb ORDER BY created_at, id`,
    [tenantId, JSON.stringify([domain])],
  );
  return rows.map((row) => connectionOf(model, row)).filter(connected);
};

/** Whether the address's domain is one of the connector's (an SSO identity's email must be its connector's). */
export const inConnectorDomains = (connection: SsoConnection, email: string | undefined) =>
  email !== undefined && connection.domains.includes(email.split('@').pop()?.toLowerCase() ?? '');
