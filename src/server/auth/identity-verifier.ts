import { CLOUD_API_INDICATOR, tenantOrganizationId } from '../../shared/tenant-permissions.js';
import type { ServerEdition } from '../crud/context.js';
import type { Identity } from '../oidc/index.js';
import { organizationUrn } from '../oidc/organization-tokens.js';
import { ADMIN_TENANT_ID, DEFAULT_TENANT_ID, managementApiIndicator } from '../tenants/urls.js';
import { createTokenVerifier, type TrustedIssuer } from './token-verifier.js';

/**
 * Management tokens a tenant accepts: from its own provider (machine-to-machine apps of the tenant) and from the
 * admin tenant's provider (console users), always for the tenant's management API.
 */
const issuerOf =
  (identity: Identity) =>
  async (tenantId: string): Promise<TrustedIssuer | undefined> => {
    const provider = await identity.provider(tenantId);
    if (!provider) return undefined;
    return { tenantId, issuer: identity.issuerOf(tenantId), jwks: async () => provider.jwks };
  };

/** The tenant's own provider and, for any other tenant than the admin tenant, the admin tenant's. */
export const tenantIssuers = (identity: Identity) => {
  const issuer = issuerOf(identity);
  return async (tenantId: string): Promise<TrustedIssuer[]> => {
    const trusted = await Promise.all([
      issuer(tenantId),
      tenantId === ADMIN_TENANT_ID ? undefined : issuer(ADMIN_TENANT_ID),
    ]);
    return trusted.filter((entry): entry is TrustedIssuer => entry !== undefined);
  };
};

/**
 * A tenant's management API takes tokens for its indicator; in the cloud edition a customer tenant also takes the
 * admin tenant's organization tokens of its membership organization `t-{id}` (the console's tokens for the tenant,
 * carrying the member's tenant permissions, whose `read:data` and `write:data` are the management API's).
 */
export const identityVerifier = (identity: Identity, edition: ServerEdition = 'oss') =>
  createTokenVerifier({
    trustedIssuers: tenantIssuers(identity),
    audience: (tenantId, issuerTenant) =>
      edition === 'cloud' && issuerTenant === ADMIN_TENANT_ID && tenantId !== ADMIN_TENANT_ID
        ? [managementApiIndicator(tenantId), organizationUrn(tenantOrganizationId(tenantId))]
        : managementApiIndicator(tenantId),
  });

/**
 * Tokens of console users for their own account (`/me`) and the cloud's API: issued by the admin tenant, for the
 * console's API (the default tenant's management API in the open-source edition, the cloud API in the cloud's).
 */
export const consoleUserVerifier = (identity: Identity) => {
  const issuer = issuerOf(identity);
  return createTokenVerifier({
    trustedIssuers: async () => [await issuer(ADMIN_TENANT_ID)].filter((entry): entry is TrustedIssuer => !!entry),
    audience: () => [managementApiIndicator(DEFAULT_TENANT_ID), CLOUD_API_INDICATOR],
  });
};
